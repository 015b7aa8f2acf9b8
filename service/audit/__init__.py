"""The archive audit: every deal of an archive judged by the referee's own endpoints, on all
the cores of one machine or on a Dask cluster (`python -m service.audit --help`).

The only place Dask (and matplotlib) is imported: the HTTP service never imports this package.
"""
