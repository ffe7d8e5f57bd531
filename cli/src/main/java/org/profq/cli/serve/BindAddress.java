package org.profq.cli.serve;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.regex.Pattern;

/**
 * Where {@code profq serve} listens: loopback unless {@code --bind} names one address of this
 * machine. A wildcard (every interface) is refused, so that serving beyond the machine is always
 * a choice of one network, never an accident.
 */
public record BindAddress(InetAddress address) {
    public static final String LOOPBACK = "127.0.0.1";
    private static final Pattern LITERAL = Pattern.compile("[0-9.]+|[0-9a-fA-F:.]*:[0-9a-fA-F:.]*");

    /** {@code --bind}'s value as an address; an IllegalArgumentException with one sentence if it is not one address. */
    public static BindAddress of(String value) {
        if (!LITERAL.matcher(value).matches()) {
            throw new IllegalArgumentException("--bind " + value + " is not an IP address; give the address of one of this"
                    + " machine's interfaces, such as 192.168.1.5 (default " + LOOPBACK + ").");
        }
        InetAddress address;
        try {
            address = InetAddress.getByName(value); // a literal: no name lookup
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("--bind " + value + " is not an IP address; give the address of one of this"
                    + " machine's interfaces (default " + LOOPBACK + ").");
        }
        if (address.isAnyLocalAddress()) {
            throw new IllegalArgumentException("--bind " + value + " would serve on every network of this machine; give the"
                    + " address of the one interface to serve on, such as 192.168.1.5 (default " + LOOPBACK + ").");
        }
        return new BindAddress(address);
    }

    public boolean isLoopback() {
        return address.isLoopbackAddress();
    }

    /** The address as a URL's host. */
    public String urlHost() {
        String host = address.getHostAddress();
        return host.contains(":") ? "[" + host + "]" : host;
    }
}
