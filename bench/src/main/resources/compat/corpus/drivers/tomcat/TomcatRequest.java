package profq.corpus;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.apache.catalina.Context;
import org.apache.catalina.startup.Tomcat;

/** Embedded Tomcat on a free port serving a servlet, which the program requests from itself. Logging off. */
public final class TomcatRequest {
    public static class Hello extends HttpServlet {
        @Override
        protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
            response.setContentType("text/plain");
            response.getWriter().print("hello " + request.getParameter("name") + " from " + getServletName());
        }
    }

    public static void main(String[] args) throws Exception {
        Logger.getLogger("").setLevel(Level.OFF);
        Logger.getLogger("org.apache").setLevel(Level.OFF);
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(new java.io.File("tomcat-base").getAbsolutePath());
        tomcat.setPort(0);
        Context context = tomcat.addContext("", null);
        Tomcat.addServlet(context, "hello", new Hello());
        context.addServletMappingDecoded("/hello", "hello");
        tomcat.getConnector();
        tomcat.start();
        int port = tomcat.getConnector().getLocalPort();
        for (String name : new String[] {"ada", "bob"}) {
            HttpURLConnection connection = (HttpURLConnection) new URL("http://127.0.0.1:" + port + "/hello?name=" + name).openConnection();
            try (InputStream in = connection.getInputStream()) {
                System.out.println(connection.getResponseCode() + " " + new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
        }
        tomcat.stop();
        tomcat.destroy();
    }
}
