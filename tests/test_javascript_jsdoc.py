"""JSDoc's ``@param`` of a parameter's property (``[options.table]``) types that property, never the parameter: with
the parameter bound to each property's type, ``options.put()`` was a call of the last property type's method
(restify's ``createServer``, whose ``options`` was typed ``String``, ``Boolean``, ``Router``, ..)."""
from conftest import structure_catalog

FILES = {
    "lib/table.js": "function Table() {}\nTable.prototype.put = function put(k) { return k; };\n"
                    "module.exports = Table;\n",
    "lib/use.js": "var Table = require('./table');\n"
                  "/**\n"
                  " * @param {Table} [options.table] - a property of the options\n"
                  " * @param {Table} store - the store itself\n"
                  " */\n"
                  "function use(options, store) {\n"
                  "    options.put('a');\n"
                  "    store.put('b');\n"
                  "}\n"
                  "module.exports = use;\n",
}


def test_a_property_of_a_parameter_does_not_type_the_parameter(tmp_path):
    con = structure_catalog(tmp_path, FILES)
    _, rows = con.rows("SELECT line, resolution FROM edges WHERE src_id = 'lib/use.js::use' "
                       "AND dst_id = 'lib/table.js::Table.put' ORDER BY line")
    typed = {line for line, resolution in rows if resolution not in ("unique_name", "ambiguous")}
    assert 8 in typed  # `store` is a Table: its call is that type's method
    assert 7 not in typed  # `options` is not: at most a guess by name
