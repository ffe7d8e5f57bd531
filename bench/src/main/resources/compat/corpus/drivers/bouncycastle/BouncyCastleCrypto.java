package profq.corpus;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.Security;
import java.util.HexFormat;

import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

import org.bouncycastle.jce.provider.BouncyCastleProvider;

/** Bouncy Castle's provider from its signed jar: SHA3-256, Whirlpool and AES/CTR through the JCA. */
public final class BouncyCastleCrypto {
    public static void main(String[] args) throws Exception {
        Security.addProvider(new BouncyCastleProvider());
        byte[] text = "the quick brown fox jumps over the lazy dog".getBytes(StandardCharsets.UTF_8);
        HexFormat hex = HexFormat.of();
        System.out.println("sha3-256 " + hex.formatHex(MessageDigest.getInstance("SHA3-256", "BC").digest(text)));
        System.out.println("whirlpool " + hex.formatHex(MessageDigest.getInstance("Whirlpool", "BC").digest(text)).substring(0, 32));
        Cipher cipher = Cipher.getInstance("AES/CTR/NoPadding", "BC");
        cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[16], "AES"), new IvParameterSpec(new byte[16]));
        byte[] encrypted = cipher.doFinal(text);
        System.out.println("aes-ctr " + hex.formatHex(encrypted));
        System.out.println("provider " + Security.getProvider("BC").getName() + " signed jar: "
                + (BouncyCastleProvider.class.getProtectionDomain().getCodeSource().getCodeSigners() != null));
    }
}
