package io.keybox.server.alerts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.URI;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Issue 35, point 4: which webhook targets are refused, checked by hand-picked addresses. */
class WebhookTargetTest {
  @ParameterizedTest
  @ValueSource(
      strings = {
        "127.0.0.1",
        "127.8.9.10",
        "10.1.2.3",
        "172.16.0.1",
        "172.31.255.254",
        "192.168.1.1",
        "169.254.169.254",
        "0.0.0.0",
        "100.64.0.1",
        "224.0.0.1",
        "255.255.255.255",
        "::1",
        "::",
        "fc00::1",
        "fd12:3456::1",
        "fe80::1",
        "ff02::1",
        "::ffff:127.0.0.1",
        "::ffff:10.0.0.1"
      })
  void privateLoopbackLinkLocalAndMulticastAddressesAreForbidden(String address) throws Exception {
    assertTrue(WebhookTarget.forbidden(InetAddress.getByName(address)), address);
  }

  @ParameterizedTest
  @ValueSource(strings = {"93.184.216.34", "8.8.8.8", "172.32.0.1", "2606:4700:4700::1111"})
  void publicAddressesAreAllowed(String address) throws Exception {
    assertFalse(WebhookTarget.forbidden(InetAddress.getByName(address)), address);
  }

  @Test
  void onlyHttpsToPublicHostsUnlessPrivateIsAllowed() {
    WebhookTarget strict = new WebhookTarget(false);
    assertEquals(Optional.empty(), strict.checkForm("https://crm.example.com/hooks"));
    assertTrue(strict.checkForm("http://crm.example.com/hooks").orElseThrow().contains("https"));
    assertTrue(strict.checkForm("https://127.0.0.1/h").orElseThrow().contains("loopback"));
    assertTrue(strict.checkForm("https://[::1]/h").orElseThrow().contains("loopback"));
    assertTrue(strict.checkForm("ftp://crm.example.com/").isPresent());
    assertTrue(strict.checkForm("https://user:pw@crm.example.com/").isPresent());
    WebhookTarget open = new WebhookTarget(true);
    assertEquals(Optional.empty(), open.checkForm("http://127.0.0.1:9/hooks"));
  }

  @Test
  void aNameResolvingToLoopbackIsRefusedAtDelivery() {
    // localhost is a name, not a literal: the form passes, the lookup at delivery refuses it.
    WebhookTarget strict = new WebhookTarget(false);
    assertEquals(Optional.empty(), strict.checkForm("https://localhost/hooks"));
    WebhookTarget.RefusedTargetException refused =
        assertThrows(
            WebhookTarget.RefusedTargetException.class,
            () -> strict.resolve(URI.create("https://localhost/hooks")));
    assertTrue(refused.getMessage().contains("resolves to"), refused.getMessage());
    assertEquals(1, new WebhookTarget(true).resolve(URI.create("http://127.0.0.1/h")).length);
  }
}
