"""Code inside a markup file: a Vue or Svelte single-file component's ``<script>`` blocks, kept byte for byte, and
everything else (the template, the styles) blanked to spaces, line breaks kept: the script grammar reads the file as
the code it holds, and every line number and offset stays the file's."""

from __future__ import annotations

from .lazyre import lazy_re

_OPEN, _CLOSE = b"<script", b"</script"
_NOT_A_LINE_BREAK = lazy_re(rb"[^\r\n]")


def blanked(text: bytes) -> bytes:
    """``text`` with every byte but its line breaks (``\r`` and ``\n``) a space: a template's markup, or a part of it
    its code does not read (PHP's Blade, Ruby's ERB: ``source_view``), kept at the file's offsets and lines."""
    return _NOT_A_LINE_BREAK.sub(b" ", text)


def scripts_only(data: bytes) -> bytes:
    """``data`` with all but the contents of its ``<script ...>`` blocks blanked; one pass, linear in the size."""
    out, pos = bytearray(), 0
    while True:
        start = data.find(_OPEN, pos)
        tag_end = data.find(b">", start) if start >= 0 else -1
        end = data.find(_CLOSE, tag_end) if tag_end >= 0 else -1
        if end < 0:
            out += _blank(data[pos:])
            return bytes(out)
        out += _blank(data[pos:tag_end + 1])
        out += data[tag_end + 1:end]
        pos = end


def _blank(text: bytes) -> bytes:
    return bytes(c if c == 0x0A else 0x20 for c in text)
