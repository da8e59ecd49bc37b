"""C#'s project usings read from a .csproj: what an item says, and what a hostile or huge project file costs."""

from extractors.structure.langs import csharp


def _items(tmp_path, text: bytes):
    (tmp_path / "App").mkdir()
    (tmp_path / "App" / "App.csproj").write_bytes(text)
    csharp._project_file.cache_clear()
    csharp._item_usings.cache_clear()
    csharp._nearest.cache_clear()
    return [(r.name, r.module, r.alias) for r in csharp._item_usings(str(tmp_path), "App")]


def test_using_items_read_as_usings(tmp_path):
    got = _items(tmp_path, b"""<Project><ItemGroup>
        <Using Include="Acme.Common" />
        <Using Include="Acme.Common.Maps" Static="true" />
        <Using Include="Acme.Common.Shapes.Line" Alias="Entry" />
        <Using Remove="System.Net.Http" />
        <UsingTask TaskName="X" />
        <Using Include="not a namespace; rm -rf" />
    </ItemGroup></Project>""")
    assert got == [("*", "Acme.Common", None), ("*", "Acme.Common.Maps", "static"),
                   (None, "Acme.Common.Shapes.Line", "Entry")]


def test_huge_project_file_costs_only_itself(tmp_path):
    huge = b"<Project>" + b'<Using Include="A.B" />' * 200_000 + b"</Project>"  # past the config read limit
    assert _items(tmp_path, huge) == []


def test_many_items_are_capped(tmp_path):
    many = b"<Project>" + b"".join(b'<Using Include="N%d" />' % i for i in range(5000)) + b"</Project>"
    assert len(_items(tmp_path, many)) == csharp.MAX_PROJECT_USINGS
