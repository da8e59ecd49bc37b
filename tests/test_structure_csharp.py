"""C# resolutions the fixture's expected.json cannot state (it lists edges to definitions, at a confidence above 0):
what is a library's (external) and what stays unresolved."""

from __future__ import annotations

from conftest import index_structure
from pipeline.catalog import connect

SOURCES = {
    "src/Shop/Quote.cs": (
        "namespace Shop;\n\n"
        "public class Quote\n{\n"
        "    public object Due(System.Action<int> configure)\n    {\n"
        "        configure(1);\n"  # a delegate parameter called: no definition, not a library's either
        "        Audit(2);\n"  # a capitalised name one definition bears elsewhere: unresolved, never external
        "        return new DateOnly(2024, 1, 31);\n"  # System.DateOnly: no definition bears the name
        "    }\n}\n"),
    "src/Other/Log.cs": "namespace Other;\n\npublic static class Log\n{\n    public static void Audit(int n) { }\n}\n",
}


def test_a_capitalised_name_no_definition_bears_is_a_library_s(lake, make_repo):
    index_structure(lake, make_repo(files=SOURCES))
    rows = connect(lake).rows("SELECT dst_name, resolution FROM edges WHERE src_id = 'src/Shop/Quote.cs::Quote.Due' "
                              "AND kind = 'calls'")[1]
    assert dict(rows) == {"DateOnly": "external", "configure": "unresolved", "Audit": "unresolved"}
