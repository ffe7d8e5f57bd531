package profq.corpus;

import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;

/** Embedded Jetty 12 on a free port with a core handler, which the program requests from itself. */
public final class JettyRequest {
    public static void main(String[] args) throws Exception {
        Server server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        server.addConnector(connector);
        server.setHandler(new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) {
                String body = "hello " + Request.extractQueryParameters(request).getValue("name") + " at " + request.getHttpURI().getPath();
                response.getHeaders().put("Content-Type", "text/plain");
                response.write(true, ByteBuffer.wrap(body.getBytes(StandardCharsets.UTF_8)), callback);
                return true;
            }
        });
        server.start();
        for (String name : new String[] {"ada", "bob"}) {
            HttpURLConnection connection = (HttpURLConnection) new URL("http://127.0.0.1:" + connector.getLocalPort() + "/greet?name=" + name)
                    .openConnection();
            try (InputStream in = connection.getInputStream()) {
                System.out.println(connection.getResponseCode() + " " + new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
        }
        server.stop();
    }
}
