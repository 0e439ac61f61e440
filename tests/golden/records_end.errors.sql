-- coins_result and coins_after check the record as coins_review does.
SELECT coins_result(3, '[1,2]', 'LLL');
SELECT coins_after(2, '[1,2,3]', '[3]');
SELECT coins_after(2, '[1,2,3]', '[1,3]', 3);
SELECT coins_result(1, 3, '[0]');
SELECT coins_result(3, '[1,2]', 'LX');
SELECT coins_result(3, '[1,2]', 5);
SELECT coins_after(9, '[1]', '[]');
SELECT coins_after(2, '[1,x]', '[]');
SELECT coins_result(3, '[1,2]');
SELECT coins_result(3, '[1,2]', 'L', 1, 1);
