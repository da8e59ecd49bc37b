"""A reader for the few SCIP messages the comparison needs, straight from the protobuf wire format.

SCIP (github.com/sourcegraph/scip, ``scip.proto``) writes one ``Index`` message; we read:

    Index            documents = 2 (Document)
    Document         relative_path = 1, occurrences = 2 (Occurrence), symbols = 3 (SymbolInformation), language = 4
    Occurrence       range = 1 (packed int32: start line, start char, [end line,] end char; 0-based),
                     symbol = 2, symbol_roles = 3 (bit set), enclosing_range = 7 (same shape as range)
    SymbolInformation symbol = 1, kind = 5, display_name = 6, enclosing_symbol = 8

Every other field is skipped by its wire type, so newer indexers that add fields still read. No protobuf package is
needed (nor a schema file shipped with the benchmark).
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator, NamedTuple

DEFINITION, IMPORT, WRITE, READ, GENERATED, TEST, FORWARD = 1, 2, 4, 8, 16, 32, 64


class Range(NamedTuple):
    start_line: int
    start_char: int
    end_line: int
    end_char: int


class Occurrence(NamedTuple):
    range: Range
    symbol: str
    roles: int
    enclosing: Range | None  # a definition's whole span (body included), when the indexer gives it

    @property
    def is_definition(self) -> bool:
        return bool(self.roles & DEFINITION)


class SymbolInfo(NamedTuple):
    symbol: str
    kind: int
    display_name: str
    enclosing_symbol: str


class Document(NamedTuple):
    path: str
    language: str
    occurrences: list[Occurrence]
    symbols: list[SymbolInfo]


class WireError(ValueError):
    pass


def _varint(data: bytes, pos: int) -> tuple[int, int]:
    result = shift = 0
    while True:
        if pos >= len(data):
            raise WireError("truncated varint")
        byte = data[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        if byte < 0x80:
            return result, pos
        shift += 7
        if shift > 63:
            raise WireError("varint too long")


def fields(data: bytes, start: int = 0, end: int | None = None) -> Iterator[tuple[int, int, object]]:
    """(field number, wire type, value) of one message: ints for varints and fixed widths, a (start, end) slice
    of ``data`` for length-delimited fields (nested messages, strings, packed numbers)."""
    pos, end = start, len(data) if end is None else end
    while pos < end:
        key, pos = _varint(data, pos)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, pos = _varint(data, pos)
        elif wire == 2:
            size, pos = _varint(data, pos)
            value = (pos, pos + size)
            pos += size
        elif wire == 1:
            value, pos = int.from_bytes(data[pos:pos + 8], "little"), pos + 8
        elif wire == 5:
            value, pos = int.from_bytes(data[pos:pos + 4], "little"), pos + 4
        else:
            raise WireError(f"unsupported wire type {wire} at byte {pos}")
        if pos > end:
            raise WireError("message runs past its end")
        yield number, wire, value


def _packed(data: bytes, span: tuple[int, int]) -> list[int]:
    out, pos = [], span[0]
    while pos < span[1]:
        value, pos = _varint(data, pos)
        out.append(value - (1 << 64) if value >= 1 << 63 else value)
    return out


def _range(values: list[int]) -> Range | None:
    if len(values) == 3:  # one line: start line, start char, end char
        return Range(values[0], values[1], values[0], values[2])
    if len(values) == 4:
        return Range(*values)
    return None


def _text(data: bytes, span: tuple[int, int]) -> str:
    return data[span[0]:span[1]].decode("utf-8", "replace")


def _occurrence(data: bytes, span: tuple[int, int]) -> Occurrence | None:
    rng, enclosing, symbol, roles = [], [], "", 0
    for number, wire, value in fields(data, *span):
        if number == 1:
            rng.extend(_packed(data, value) if wire == 2 else [value])
        elif number == 2:
            symbol = _text(data, value)
        elif number == 3:
            roles = value
        elif number == 7:
            enclosing.extend(_packed(data, value) if wire == 2 else [value])
    parsed = _range(rng)
    return Occurrence(parsed, symbol, roles, _range(enclosing)) if parsed and symbol else None


def _symbol_info(data: bytes, span: tuple[int, int]) -> SymbolInfo:
    symbol, kind, display, enclosing = "", 0, "", ""
    for number, _, value in fields(data, *span):
        if number == 1:
            symbol = _text(data, value)
        elif number == 5:
            kind = value
        elif number == 6:
            display = _text(data, value)
        elif number == 8:
            enclosing = _text(data, value)
    return SymbolInfo(symbol, kind, display, enclosing)


def _document(data: bytes, span: tuple[int, int]) -> Document:
    path, language, occurrences, symbols = "", "", [], []
    for number, _, value in fields(data, *span):
        if number == 1:
            path = _text(data, value)
        elif number == 2:
            occurrence = _occurrence(data, value)
            if occurrence:
                occurrences.append(occurrence)
        elif number == 3:
            symbols.append(_symbol_info(data, value))
        elif number == 4:
            language = _text(data, value)
    return Document(path, language, occurrences, symbols)


def read_documents(data: bytes) -> list[Document]:
    """Every ``Document`` of a serialized SCIP ``Index``."""
    return [_document(data, value) for number, wire, value in fields(data) if number == 2 and wire == 2]


def read_index(path: Path) -> list[Document]:
    return read_documents(Path(path).read_bytes())


# -- symbols ---------------------------------------------------------------------------------------------------------
def is_local(symbol: str) -> bool:
    return symbol.startswith("local ")


def descriptor_suffix(symbol: str) -> str:
    """The kind of the last descriptor: '().' method/function (``name().``, ``name(+1).``), '#' type, '.' term
    (variable, property, field), '/' namespace (module), ')' parameter, ']' type parameter, ':' meta, '!' macro."""
    if symbol.endswith(")."):
        return "()."
    return symbol[-1:] if symbol else ""


def descriptor_name(symbol: str) -> str:
    """The last descriptor's name: ``scip-python python httpx 0.28 `httpx._client`/Client#send().`` -> ``send``."""
    if symbol.endswith(")."):  # a method, perhaps with a disambiguator: name(+1).
        body = symbol[: symbol.rindex("(")]
    elif symbol.endswith(")"):  # a parameter: (name)
        return symbol[symbol.rindex("(") + 1: -1]
    elif symbol.endswith("]"):  # a type parameter: [name]
        return symbol[symbol.rindex("[") + 1: -1]
    else:
        body = symbol[:-1]
    if body.endswith("`") and body.count("`") >= 2:
        return body[body.rindex("`", 0, len(body) - 1) + 1: -1]
    return body[max(body.rfind(c) for c in "#/.: ") + 1:]
