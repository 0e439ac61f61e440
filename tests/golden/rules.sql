-- coins_rules: each variant's rules as JSON, however the variant is written.
SELECT coins_rules(1);
SELECT coins_rules('ii');
SELECT coins_rules(' III ');
SELECT coins_rules('i-MISERE');
SELECT coins_rules(' i-Sum ');
SELECT coins_rules('I-SUM-misere');
SELECT coins_rules(3.0) = coins_rules('3');
SELECT typeof(coins_rules(NULL));
SELECT json_array_length(coins_rules());
SELECT coins_rules() = '[' || coins_rules(1) || ',' || coins_rules(2) || ',' || coins_rules(3) || ','
       || coins_rules(4) || ',' || coins_rules(5) || ',' || coins_rules(6) || ']';
