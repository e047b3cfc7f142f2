"""Keeps the web app's text out of HTML: no script of ours hands the browser (or Leaflet,
which sets a string as innerHTML) a string to parse as HTML. Text reaches the page as
text nodes made by ui.js's h(), and Leaflet's tooltips, popups and icons get nodes from
h() too. A cheap guard beside test_xss.py, which proves the screens themselves; it reads
the files and needs no browser."""
import re

from conftest import REPOSITORY

SCRIPTS = REPOSITORY / "Public/js"

# Ways a string becomes HTML (or script) in the page.
HTML_SINKS = {
    "innerHTML": re.compile(r"\binnerHTML\b"),
    "outerHTML": re.compile(r"\bouterHTML\b"),
    "insertAdjacentHTML": re.compile(r"\binsertAdjacentHTML\b"),
    "document.write": re.compile(r"\bdocument\.write(ln)?\b"),
    "createContextualFragment": re.compile(r"\bcreateContextualFragment\b"),
    "srcdoc": re.compile(r"\bsrcdoc\b"),
    "text/html parsing": re.compile(r"parseFromString\([^)]*text/html"),
    "eval": re.compile(r"(?<![\w.])eval\s*\(|\bnew\s+Function\s*\("),
    "markup in a string": re.compile(r"""['"`]\s*<[a-zA-Z!/]"""),
    "an address or style set outside h()": re.compile(r"""\.(href|src|action)\s*=(?!=)|setAttribute\(\s*['"](href|src|style|on\w+)['"]"""),
}
# Leaflet methods that set a string argument as innerHTML: they must be given a node from h().
LEAFLET_CONTENT = re.compile(r"\.(bindTooltip|bindPopup|setContent|setTooltipContent|setPopupContent)\(\s*")
DIV_ICON_HTML = re.compile(r"\bdivIcon\(\s*\{[^}]*?\bhtml\s*:\s*")
# vendor.js adds the vendor libraries' <script> and <link> elements by their constant paths.
ALLOWED = {("vendor.js", "an address or style set outside h()")}


def scripts():
    return sorted(SCRIPTS.rglob("*.js"))


def code_of(path):
    """The file without its comments, which may mention what the code must not do."""
    text = path.read_text()
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    return re.sub(r"(^|[^:'\"`\\])//[^\n]*", r"\1", text)


def test_no_script_turns_a_string_into_html():
    found = []
    for path in scripts():
        code = code_of(path)
        for name, pattern in HTML_SINKS.items():
            if (path.name, name) in ALLOWED:
                continue
            for match in pattern.finditer(code):
                line = code.count("\n", 0, match.start()) + 1
                found.append(f"{path.relative_to(REPOSITORY)}:{line}: {name}")
    assert found == [], "\n".join(found)


def test_leaflet_is_given_nodes_never_strings():
    found = []
    for path in scripts():
        code = code_of(path)
        for pattern in (LEAFLET_CONTENT, DIV_ICON_HTML):
            for match in pattern.finditer(code):
                if not code.startswith("h(", match.end()):
                    line = code.count("\n", 0, match.start()) + 1
                    found.append(f"{path.relative_to(REPOSITORY)}:{line}: {code[match.start():match.end() + 30].strip()}")
    assert found == [], "Leaflet would parse these as HTML; pass h(…) instead:\n" + "\n".join(found)


def test_the_guard_sees_the_app():
    """The patterns above look at real files: the app's scripts are there, and the ways it
    does build DOM (h(), Leaflet given h()) are found."""
    assert len(scripts()) > 50
    everything = "".join(code_of(path) for path in scripts())
    assert everything.count("h(") > 200
    assert LEAFLET_CONTENT.search(everything) and DIV_ICON_HTML.search(everything)
