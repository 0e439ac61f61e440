"""Report 4 of sql/reports.sql (the cost of greedy play) on Dask: the map
query is the SQL map half (each shard's distinct rows, played by coins on
the shard); Dask drops the rows dealt on two shards and takes the means."""
from sqlite_coins.dask import read_sql, sqlite_round

with open(__file__.replace(".dask.py", ".map.sql"), encoding="utf-8") as f:
    MAP = f.read()


def report(shards, client=None):
    """The report as a pandas DataFrame, its rows in order."""
    played = read_sql(MAP, shards, client=client).drop_duplicates()
    played = played.assign(
        cost=played.optimal - played.greedy, same=played.greedy == played.optimal
    )
    by_n = played.groupby("n").agg(
        rows=("row", "count"),
        optimal_margin=("optimal", "mean"),
        greedy_margin=("greedy", "mean"),
        greedy_cost=("cost", "mean"),
        greedy_optimal_pct=("same", "mean"),
    )
    table = by_n.compute(scheduler=client).sort_index().reset_index()
    for column in ("optimal_margin", "greedy_margin", "greedy_cost"):
        table[column] = sqlite_round(table[column], 1)
    table["greedy_optimal_pct"] = sqlite_round(100.0 * table.greedy_optimal_pct, 1)
    return table.rename(columns={"n": "coins"})
