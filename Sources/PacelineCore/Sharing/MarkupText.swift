/// Text made safe to place in HTML or XML (SVG): what a user wrote can't open a tag or
/// close an attribute.
///
/// ```swift
/// MarkupText.escaped("<script>\"x\"</script>")  // "&lt;script&gt;&quot;x&quot;&lt;/script&gt;"
/// ```
public enum MarkupText {
    /// `text` with `&` `<` `>` `"` `'` as entity references and characters XML forbids dropped.
    /// - Complexity: O(n).
    public static func escaped(_ text: String) -> String {
        TextOutput.document(reservingCapacity: text.utf8.count + 16) { output, _, _ in output.append(xmlEscaped: text) }
    }
}
