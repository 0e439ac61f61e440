-- max_take as a set: what is refused
SELECT coins_win(1, 5, '[]');
SELECT coins_win(1, 5, '[1,65]');
SELECT coins_win(2, '[1,2]', '[2,2]');
SELECT coins_win(3, '[1,2]', '[1,2]');
SELECT coins_win(2, '[1,2]', '1,3');
SELECT * FROM coins_review(1, 10, '[2]', '[1,3,4]');
SELECT * FROM coins_review(1, 7, '[3,3,1]', '[2,3]');
SELECT coins_result(2, '[1,2,3]', '[5]', '[1,5]');
