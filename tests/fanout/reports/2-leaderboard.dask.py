"""Report 2 of sql/reports.sql (leaderboard) on Dask: the map queries
return rows (a move, a game, a player), and Dask does the rest: means,
sums and distinct counts per player, a merge, no split written by hand."""
import dask.dataframe as dd

from sqlite_coins.dask import read_sql, sqlite_round

MOVES = """SELECT mover AS player, game_id, verdict = 'best' AS best,
                  verdict = 'blunder' AS blunder,
                  CASE WHEN variant <> 'I' THEN loss END AS loss
           FROM reviewed_moves"""
RESULTS = "SELECT first_player, second_player, actual FROM game_results"
PLAYERS = "SELECT name AS player, style FROM players"


def report(shards, client=None):
    """The leaderboard as a pandas DataFrame, the report's rows in order."""
    moves = read_sql(MOVES, shards, client=client)
    results = read_sql(RESULTS, shards, client=client)
    players = read_sql(PLAYERS, shards, client=client).drop_duplicates()
    seats = dd.concat(
        [
            results.assign(player=results.first_player, won=results.actual == "first"),
            results.assign(player=results.second_player, won=results.actual == "second"),
        ]
    )
    record = seats.groupby("player").agg(games=("won", "count"), wins=("won", "sum"))
    play = moves.groupby("player").agg(
        best=("best", "mean"), blunders=("blunder", "sum"), loss=("loss", "mean")
    )
    play["games_moved"] = moves.groupby("player").game_id.nunique()
    board = players.merge(record, left_on="player", right_index=True).merge(
        play, left_on="player", right_index=True  # inner: players who moved
    )
    board = board.compute(scheduler=client)  # a dozen rows: the rest in pandas
    board["accuracy_pct"] = sqlite_round(100.0 * board.best, 1)
    board["blunders_per_game"] = sqlite_round(1.0 * board.blunders / board.games_moved, 2)
    board["avg_loss"] = sqlite_round(board.loss, 2)
    board = board.sort_values(["accuracy_pct", "player"], ascending=[False, True])
    return board[
        ["player", "style", "games", "wins", "accuracy_pct", "blunders_per_game", "avg_loss"]
    ]
