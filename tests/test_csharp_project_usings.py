"""C#'s project usings read from a .csproj: what an item says, and what a hostile or huge project file costs."""

from extractors.structure.langs import csharp


def _items(tmp_path, text: bytes):
    (tmp_path / "App").mkdir()
    (tmp_path / "App" / "App.csproj").write_bytes(text)
    return [(r.name, r.module, r.alias) for r in csharp.ProjectFiles(str(tmp_path)).item_usings("App")]


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


class _Resolution:
    """What ``project_imports`` reads of a resolver: its root, its files, their imports, its language state."""

    def __init__(self, root, paths):
        self.root, self.supports, self.imports_of, self.language_state = root, dict.fromkeys(paths, csharp), {}, {}


def _repository(root, namespace: str):
    (root / "App").mkdir(parents=True)
    (root / "App" / "App.csproj").write_text(f'<Project><Using Include="{namespace}" /></Project>')
    (root / "Directory.Build.props").write_text(f'<Project><Using Include="{namespace}.Shared" /></Project>')
    return _Resolution(str(root), ["App/Program.cs", "App/Deep/Er/Inner.cs"])


def _imported(resolution, path="App/Deep/Er/Inner.cs"):
    return [r.module for r in csharp.project_imports(resolution, path)]


def test_two_resolutions_in_one_process_see_their_own_project_files(tmp_path):
    first, second = _repository(tmp_path / "one", "One"), _repository(tmp_path / "two", "Two")
    assert _imported(first) == ["One", "One.Shared"]
    assert _imported(second) == ["Two", "Two.Shared"]
    assert _imported(first) == ["One", "One.Shared"]  # each resolution keeps what it read


def test_a_new_resolution_reads_the_edited_project_file(tmp_path):
    before = _repository(tmp_path, "Old")
    assert _imported(before) == ["Old", "Old.Shared"]
    (tmp_path / "App" / "App.csproj").write_text('<Project><Using Include="New" /></Project>')
    assert _imported(before) == ["Old", "Old.Shared"]  # one resolution: one reading
    assert _imported(_Resolution(before.root, ["App/Program.cs"]), "App/Program.cs") == ["New", "Old.Shared"]


def test_build_files_above_the_repository_root_are_never_read(tmp_path):
    (tmp_path / "Directory.Build.props").write_text('<Project><Using Include="Above" /></Project>')
    (tmp_path / "repo" / "src").mkdir(parents=True)
    (tmp_path / "repo" / "src" / "App.csproj").write_text('<Project><Using Include="Own" /></Project>')
    assert _imported(_Resolution(str(tmp_path / "repo"), ["src/App.cs"]), "src/App.cs") == ["Own"]
