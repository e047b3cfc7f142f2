"""Holds the web app to its layers (docs/WEB.md, "Layers"): the engine (Public/js/engine:
recording, following, workouts, the offline queue and kept fixes, the live socket) never
imports a view or the shell and never touches the page (`document`) or Leaflet; no module
imports itself through others, nor does a folder; and no function is longer than
MAXIMUM_LINES. It reads the files and needs no browser."""
import os
import re

from conftest import REPOSITORY

SCRIPTS = REPOSITORY / "Public/js"
ENGINE = "engine/"
MAXIMUM_LINES = 80
# What the engine may not name: the page and Leaflet.
PAGE = re.compile(r"(?<![\w.$])(document|window\.L|L)\s*\.|\bleaflet\b|\bwindow\.document\b")
IMPORT = re.compile(r"""\b(?:import|export)\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]""")
# Words before `(…) {` that open a block, not a function.
KEYWORDS = {"if", "for", "while", "switch", "catch", "with", "return", "typeof", "await", "function"}


def modules():
    """Every script of the app, by its path under Public/js."""
    return {path.relative_to(SCRIPTS).as_posix(): path for path in sorted(SCRIPTS.rglob("*.js"))}


def code_of(text):
    """The script with its comments, strings, template literals and regular expressions
    blanked (newlines kept), so that braces and words in them count for nothing."""
    out, i, n, templates = [], 0, len(text), []
    previous = ""  # the last significant character of code, to tell a regex from a division
    while i < n:
        c, pair = text[i], text[i:i + 2]
        if pair == "//":
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i)); i = j
        elif pair == "/*":
            j = text.find("*/", i + 2) + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j])); i = j
        elif c in "'\"" or (c == "/" and previous in "(,=:[!&|?{};+-*%<>~^" ):
            j = i + 1
            in_class = False
            while j < n and (text[j] != c or in_class):
                if text[j] == "\\":
                    j += 1
                elif c == "/" and text[j] == "[":
                    in_class = True
                elif c == "/" and text[j] == "]":
                    in_class = False
                j += 1
            out.append('"' + re.sub(r"[^\n]", " ", text[i + 1:j]) + '"'); i = j + 1; previous = '"'
        elif c == "`" or (c == "}" and templates and templates[-1] == 0):
            if c == "}":
                templates.pop()
            j = i + 1
            while j < n and text[j] != "`" and text[j:j + 2] != "${":
                j += 2 if text[j] == "\\" else 1
            out.append('"' + re.sub(r"[^\n]", " ", text[i + 1:j]))
            if text[j:j + 2] == "${":
                templates.append(0); out.append("  "); i = j + 2; previous = "{"
            else:
                out.append('"'); i = j + 1; previous = '"'
        else:
            if templates and c == "{":
                templates[-1] += 1
            elif templates and c == "}":
                templates[-1] -= 1
            out.append(c); i += 1
            if not c.isspace():
                previous = c
    return "".join(out)


def imports(name, text):
    """The modules `name` imports (statically, or dynamically by a constant path)."""
    found = set()
    for match in IMPORT.finditer(text):
        spec = match.group(1) or match.group(2)
        if spec.startswith("."):
            found.add(os.path.normpath(os.path.join(os.path.dirname(name), spec)))
    return found


def graph():
    """Module → the modules it imports, from the scripts with their comments removed."""
    edges = {}
    for name, path in modules().items():
        text = path.read_text()
        text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
        text = re.sub(r"(^|\s)//[^\n]*", r"\1", text)
        edges[name] = imports(name, text)
    return edges


def cycles(edges):
    """The cycles of a graph, each as the list of its nodes (one per strongly connected
    component of more than one node, or a node that imports itself)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node); on_stack.add(node)
        for other in sorted(edges.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                other = stack.pop(); on_stack.discard(other); component.append(other)
                if other == node:
                    break
            if len(component) > 1 or node in edges.get(node, ()):
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def functions(code):
    """(first line, line count) of every function in blanked code: `function …(…) {`, a
    method `name(…) {` and an arrow `=> {`."""
    found = []
    for opening in (match.start() for match in re.finditer(r"\{", code)):
        before = code[:opening].rstrip()
        if before.endswith("=>"):
            start = before.rfind("\n", 0, len(before) - 2) + 1
        elif before.endswith(")"):
            depth, j = 0, len(before) - 1
            while j >= 0:
                depth += {")": 1, "(": -1}.get(before[j], 0)
                if depth == 0:
                    break
                j -= 1
            word = re.search(r"(function\s*\*?\s*[\w$]*|[#\w$]+)\s*$", before[:j])
            if not word or word.group(1) in KEYWORDS - {"function"}:
                continue
            start = j
        else:
            continue
        depth, k = 0, opening
        while k < len(code):
            depth += {"{": 1, "}": -1}.get(code[k], 0)
            if depth == 0:
                break
            k += 1
        first = code.count("\n", 0, start) + 1
        found.append((first, code.count("\n", start, k) + 1))
    return found


def test_the_engine_stays_apart_from_the_page_and_the_views():
    found = []
    for name, path in modules().items():
        if not name.startswith(ENGINE):
            continue
        for other in sorted(imports(name, path.read_text())):
            if not other.startswith(ENGINE):
                found.append(f"{name} imports {other}")
        code = code_of(path.read_text())
        for match in PAGE.finditer(code):
            found.append(f"{name}:{code.count(chr(10), 0, match.start()) + 1}: {match.group(0)}")
    assert found == [], "\n".join(found)


def test_no_module_nor_folder_imports_itself_through_others():
    edges = graph()
    assert edges["views/live/live.js"], "the import parser found nothing"
    assert cycles(edges) == []
    folders = {}
    for module, targets in edges.items():
        folder = os.path.dirname(module) or "."
        folders.setdefault(folder, set()).update(os.path.dirname(t) or "." for t in targets if os.path.dirname(t) != os.path.dirname(module))
    assert cycles(folders) == []


def test_no_function_is_longer_than_the_maximum():
    long = []
    for name, path in modules().items():
        for first, count in functions(code_of(path.read_text())):
            if count > MAXIMUM_LINES:
                long.append(f"{name}:{first}: {count} lines")
    assert long == [], "\n".join(long)


def test_the_checks_see_what_they_must():
    """The parsers on small samples: a long method, a cycle, and a page access in a string
    that is not one."""
    sample = "class A {\n  render(a = f()) {\n" + "    x();\n" * 90 + "  }\n}\nconst s = 'document.body';\n"
    assert functions(code_of(sample)) == [(2, 92)]
    assert not PAGE.search(code_of(sample))
    assert PAGE.search(code_of("const t = `${document.title}`;"))
    assert cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [["a", "b"]]
