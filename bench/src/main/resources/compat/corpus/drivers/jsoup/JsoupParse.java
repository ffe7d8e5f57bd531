package profq.corpus;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/** jsoup: parses generated HTML, selects with CSS, cleans, and prints the outline. */
public final class JsoupParse {
    public static void main(String[] args) {
        StringBuilder html = new StringBuilder("<html><head><title>Orders</title></head><body><table id=orders>");
        for (int i = 0; i < 200; i++) {
            html.append("<tr class=").append(i % 3 == 0 ? "big" : "small").append("><td>").append(i).append("<td><a href='/o/")
                    .append(i).append("'>order ").append(i).append("</a>");
        }
        html.append("</table><p>unclosed <b>bold <i>both</p></body></html>");
        Document document = Jsoup.parse(html.toString());
        System.out.println(document.title() + ": " + document.select("tr.big").size() + " big rows");
        Element last = document.select("a[href]").last();
        System.out.println("last link " + last.attr("href") + " " + last.text());
        System.out.println(document.select("p").outerHtml());
    }
}
