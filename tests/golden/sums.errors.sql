-- Sums of piles: what is refused, and why.
SELECT coins_win('I-sum', '[3,-4]');
SELECT coins_win('I-sum', 7);
SELECT coins_after('I-sum', '[3,4]', '3:1');
SELECT coins_after('I-sum', '[3,4]', '1:4', 5);
SELECT coins_after('I-sum', '[3,4]', '1:3');
SELECT coins_after('I-sum', '[3,4]', '1:2', '[1,3]');
SELECT coins_after('I-sum', '[3,4]', '1:');
SELECT coins_after('I-sum', '[3,4]', '[1,2]');
SELECT coins_win('I-sum-misere', '[3,4]', '[1,3]');
SELECT * FROM coins_moves('I-sum-misere', '[3,4,1]');
SELECT * FROM coins_scorecard('I-sum-misere', '[1,1]', '1:1');
SELECT coins_diagram('I-sum', '[3,4]');
