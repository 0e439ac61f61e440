"""python3 -m sqlite_coins.fanout: the command line (cli.py).

The map task a Dask worker runs is sqlite_coins.fanout.mapper.map_shard,
shipped by reference to the module every worker imports, whichever
module runs as __main__ here."""
import sys

from .cli import main

sys.exit(main())
