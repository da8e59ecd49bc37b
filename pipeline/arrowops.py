"""Arrow's compute kernels without ``pyarrow.compute``: a one-shot command's stand-in for ``import pyarrow.compute as
pc``, with the same names and the same results.

Importing ``pyarrow.compute`` costs ~0.2 G instructions (``_make_global_functions`` wraps each of its ~290 kernels,
building a signature and a docstring for each), more than any other module a one-shot ``codelake update`` imports, for
the dozen kernels it calls. ``pyarrow._compute`` (which ``pyarrow.parquet`` imports anyway) holds the kernels'
registry and their option classes: here a kernel's wrapper is made the first time its name is asked for, from the
registry's own record of its arity and options class, as ``pyarrow.compute`` makes it. ``and_``, ``or_``: the
kernels ``and``, ``or``.

``pyarrow``'s ``Table``/``ChunkedArray``/``Array`` methods ``filter``, ``take``, ``cast``, ``fill_null``,
``is_valid``, ``unique``, ``dictionary_encode``, ``sort_by``... import ``pyarrow.compute`` on their first call: on
an update's path, call this module's function of that name instead (``pc.take(table, order)``).
"""

from __future__ import annotations

from bisect import bisect_left

from pyarrow import _compute as _c
from pyarrow import lib as _lib

__all__ = ["cast", "fill_null", "lower_bound", "sort_by", "take"]

_KEYWORDS = {"and_": "and", "or_": "or"}


def __getattr__(name: str):
    """The wrapper of the kernel ``name`` (as ``pyarrow.compute`` names it), made once and kept in this module."""
    if name.startswith("__"):
        raise AttributeError(name)
    try:
        func = _c.get_function(_KEYWORDS.get(name, name))
    except KeyError:
        raise AttributeError(f"no Arrow kernel {name!r}") from None
    wrapper = _wrapper(func)
    globals()[name] = wrapper
    return wrapper


def _wrapper(func):
    """``pyarrow.compute._make_generic_wrapper``: the kernel's arguments first, then its options as the options class
    takes them (positionally or by keyword); no options given: the kernel's defaults."""
    arity = func.arity
    options_name = func._doc.options_class
    options_class = getattr(_c, options_name) if options_name else None

    def wrapper(*args, options=None, **kwargs):
        fixed = len(args) if arity is Ellipsis else arity
        if args[fixed:] or kwargs:
            if options_class is None:
                raise TypeError(f"{func.name} takes {arity} argument(s) and no options")
            options = options_class(*args[fixed:], **kwargs)
        return func.call(list(args[:fixed]), options)

    wrapper.__name__ = wrapper.__qualname__ = func.name
    return wrapper


def cast(values, target_type, safe: bool = True):
    """``pyarrow.compute.cast`` and the ``cast`` method of an array or a chunked array; a table (``Table.cast``): to
    a schema of the same names, each column to its field's type."""
    if isinstance(values, _lib.Table):
        return _cast_table(values, target_type, safe)
    target_type = _lib.ensure_type(target_type)
    options = _c.CastOptions.safe(target_type) if safe else _c.CastOptions.unsafe(target_type)
    return _c.call_function("cast", [values], options)


def _cast_table(table, schema, safe: bool):
    if table.schema.names != schema.names:
        raise ValueError(f"Target schema's field names are not matching the table's field names: "
                         f"{table.schema.names!r}, {schema.names!r}")
    columns = []
    for column, field in zip(table.itercolumns(), schema):
        if not field.nullable and column.null_count > 0:
            raise ValueError(f"Casting field {field.name!r} with null values to non-nullable")
        columns.append(cast(column, field.type, safe))
    return _lib.Table.from_arrays(columns, schema=schema)


def decoded(data):
    """A table's dictionary-encoded columns, or one such column, decoded (comparisons and Python conversion then see
    plain values); anything else as it is."""
    if isinstance(data, _lib.Table):
        return _lib.Table.from_arrays([decoded(c) for c in data.columns], names=data.column_names)
    return cast(data, data.type.value_type) if isinstance(data.type, _lib.DictionaryType) else data


def take(data, indices):
    """``pyarrow.compute.take`` (and the ``take`` method): the rows or values of ``data`` at ``indices``, bounds
    checked."""
    return _c.call_function("take", [data, indices], _c.TakeOptions(boundscheck=True))


def fill_null(values, fill_value):
    """``pyarrow.compute.fill_null``: ``coalesce`` with a fill value of ``values``' type."""
    if not isinstance(fill_value, (_lib.Array, _lib.ChunkedArray, _lib.Scalar)):
        fill_value = _lib.scalar(fill_value, type=values.type)
    elif values.type != fill_value.type:
        fill_value = _lib.scalar(fill_value.as_py(), type=values.type)
    return _c.call_function("coalesce", [values, fill_value])


def sort_by(table, sorting: list):
    """``Table.sort_by`` with a list of (column, order) pairs: the table's rows in that order."""
    return take(table, _c.call_function("sort_indices", [table], _c.SortOptions(sort_keys=sorting)))


def lower_bound(values, value) -> int:
    """The first position of sorted ``values`` (an Arrow array) not below ``value``: a binary search that decodes only
    the few scalars it compares, none of the others (``len(values)`` when every one is below)."""
    return bisect_left(range(len(values)), value, key=lambda i: values[i].as_py())
