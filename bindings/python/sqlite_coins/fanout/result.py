"""What a run gives back (Result), or the error that stopped it (FanoutError)."""
from typing import Any, List, NamedTuple, Optional, Tuple

# A row as sqlite3 gives it.
Row = Tuple[Any, ...]
# What map_shard gives back: ("ok", columns, rows) or ("error", message).
Outcome = Tuple[Any, ...]


class FanoutError(Exception):
    """A run that cannot give a complete, correct answer (the message says why)."""


class Result(NamedTuple):
    """What a run gives back.

    columns, rows: the result (the reduce query's, or ``mapped`` itself);
    shards: the number of shards listed; map_rows: rows gathered into
    ``mapped``; skipped: (shard name, message) of each shard skipped under
    skip_bad, in the order the shards were listed; workers: Dask workers
    at the start (None: in-process); seconds: the whole run, map_seconds
    until the last shard's rows were in, reduce_seconds the reduce query;
    resumed: shards whose rows came from --resume instead of a map query.
    """

    columns: List[str]
    rows: List[Row]
    shards: int
    map_rows: int
    skipped: List[Tuple[str, str]]
    workers: Optional[int]
    seconds: float
    map_seconds: float
    reduce_seconds: float
    resumed: int = 0

    @property
    def partial(self) -> bool:
        """Whether shards were skipped: the answer lacks their rows."""
        return bool(self.skipped)

    def summary(self) -> str:
        """The run's summary, as the command line prints it on stderr."""
        where = (
            "in-process"
            if self.workers is None
            else "%d Dask worker%s" % (self.workers, "" if self.workers == 1 else "s")
        )
        lines = [
            "fanout: %d shards (%d read%s, %d skipped), %s map rows, %.2f s (%s); "
            "result: %s rows"
            % (
                self.shards,
                self.shards - len(self.skipped),
                ", %d of them from --resume" % self.resumed if self.resumed else "",
                len(self.skipped),
                format(self.map_rows, ","),
                self.seconds,
                where,
                format(len(self.rows), ","),
            )
        ]
        lines += ["fanout: skipped %s: %s" % (name, message) for name, message in self.skipped]
        return "\n".join(lines)
