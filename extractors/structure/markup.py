"""Code inside a markup file: a Vue or Svelte single-file component's ``<script>`` blocks, kept byte for byte, and
everything else (the template, the styles) blanked to spaces, line breaks kept: the script grammar reads the file as
the code it holds, and every line number and offset stays the file's."""

from __future__ import annotations

_OPEN, _CLOSE = b"<script", b"</script"


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
