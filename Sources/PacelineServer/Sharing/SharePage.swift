import Foundation
import PacelineCore

/// A public page for a link card: Open Graph and Twitter tags, a title, a line of
/// statistics and the map preview. Every text is escaped here, in element content and in
/// double-quoted attributes alike (`MarkupText.escaped`: `&`, `<`, `>`, `"` and `'`), so a
/// hostile run name stays text; its style is a file (`stylesheet`), as the
/// Content-Security-Policy allows no inline style.
///
/// The card's image is the PNG (`map.png`): Facebook, X, LinkedIn, Slack and iMessage show
/// no SVG. The page's own picture is the SVG (`map.svg`), sharper and smaller in a browser.
struct SharePage {
    var title: String
    var description: String
    /// The address this page is served at: the server's public URL (`https://…`), or ""
    /// when none is configured; the link card's URLs start with it.
    var root: String
    /// This page's path (`/share/runs/ID`).
    var path: String
    /// The map preview's path without its extension (`…/map`), if there is one: `.png`
    /// and `.svg` are served there.
    var mapPath: String?
    /// Where the app shows the thing.
    var appLink: String

    /// The HTML document: the card's URLs absolute (from `root`), the page's own picture
    /// from its path, as the browser showing the page is on this server.
    var html: String {
        let title = MarkupText.escaped(self.title), description = MarkupText.escaped(self.description)
        let url = MarkupText.escaped(root + path)
        var head = """
            <meta property="og:type" content="article">
            <meta property="og:site_name" content="Paceline">
            <meta property="og:title" content="\(title)">
            <meta property="og:description" content="\(description)">
            <meta property="og:url" content="\(url)">
            <meta name="twitter:title" content="\(title)">
            <meta name="twitter:description" content="\(description)">
            """
        var body = ""
        if let mapPath {
            let image = MarkupText.escaped(root + mapPath + ".png"), picture = MarkupText.escaped(mapPath + ".svg")
            head += """

                <meta property="og:image" content="\(image)">
                <meta property="og:image:type" content="image/png">
                <meta property="og:image:width" content="1200">
                <meta property="og:image:height" content="630">
                <meta name="twitter:card" content="summary_large_image">
                <meta name="twitter:image" content="\(image)">
                """
            body = "<img class=\"map\" src=\"\(picture)\" alt=\"Map of \(title)\" width=\"1200\" height=\"630\">"
        } else {
            head += "\n<meta name=\"twitter:card\" content=\"summary\">"
        }
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title) · Paceline</title>
            <meta name="description" content="\(description)">
            <link rel="canonical" href="\(url)">
            \(head)
            <link rel="stylesheet" href="\(Self.stylesheetPath)">
            </head>
            <body>
            <h1>\(title)</h1>
            <p class="description">\(description)</p>
            \(body)
            <p><a class="open" href="\(MarkupText.escaped(appLink))">Open in Paceline</a></p>
            </body>
            </html>
            """
    }

    /// Where `stylesheet` is served.
    static let stylesheetPath = "/share/page.css"

    /// The share pages' style (the not-shared page's too).
    static let stylesheet = """
        body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:760px;padding:1rem;color:#1d1d1f;overflow-wrap:anywhere}
        h1{font-size:1.5rem;margin:.5rem 0}.map{width:100%;height:auto;border-radius:12px}
        a.open{display:inline-block;margin-top:1rem;padding:.6rem 1.2rem;border-radius:999px;background:#e4572e;color:#fff;text-decoration:none}

        """
}
