package io.keybox.bench.opensearch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OpenSearchNodeTest {
  @Test
  void theHttpModuleTakesNettyAndItsPluginJarTheServerTheRest() {
    assertTrue(OpenSearchNode.inNettyModule("transport-netty4-client-3.9.0.jar"));
    assertTrue(OpenSearchNode.inNettyModule("netty-codec-http-4.2.18.Final.jar"));
    assertTrue(OpenSearchNode.inNettyModule("opensearch-netty4-3.9.0.jar"));
    assertFalse(OpenSearchNode.inNettyModule("opensearch-3.9.0.jar"));
    assertFalse(OpenSearchNode.inNettyModule("lucene-core-10.5.1.jar"));
    assertFalse(OpenSearchNode.inNettyModule("opensearch-plugin-classloader-3.9.0.jar"));
  }

  @Test
  void theModuleDescriptorNamesTheNettyPluginClassAndTheVersion() {
    String descriptor = OpenSearchNode.moduleDescriptor("3.9.0");
    assertTrue(descriptor.contains("name=transport-netty4\n"), descriptor);
    assertTrue(
        descriptor.contains("classname=org.opensearch.transport.Netty4ModulePlugin\n"), descriptor);
    assertTrue(descriptor.contains("opensearch.version=3.9.0\n"), descriptor);
    assertTrue(descriptor.contains("version=3.9.0\n"), descriptor);
  }

  @Test
  void theNodeBindsLoopbackOnPortsOfItsOwnAndWritesThemDown() {
    String settings = OpenSearchNode.settings(Path.of("/h"));
    for (String line :
        List.of(
            "discovery.type: single-node",
            "network.host: 127.0.0.1",
            "http.port: 0",
            "transport.port: 0",
            "node.portsfile: true",
            "path.data: /h/data",
            "path.logs: /h/logs")) {
      assertTrue(settings.contains(line + "\n"), line);
    }
  }

  @Test
  void asRootTheNodeRunsAsNobodyWithTheGivenHeap() {
    List<String> command = OpenSearchNode.command(Path.of("/h"), Optional.of("512m"), true);
    assertEquals(
        List.of("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"),
        command.subList(0, 4));
    assertTrue(command.get(4).endsWith("/bin/java"), command.get(4));
    assertEquals(List.of("-Xms512m", "-Xmx512m"), command.subList(5, 7));
    assertEquals(
        List.of("-cp", "/h/lib/*", "org.opensearch.bootstrap.OpenSearch"),
        command.subList(command.size() - 3, command.size()));
    assertTrue(command.contains("-Dopensearch.path.home=/h"));
    assertTrue(command.contains("-Dopensearch.path.conf=/h/config"));
    List<String> asUser = OpenSearchNode.command(Path.of("/h"), Optional.empty(), false);
    assertTrue(asUser.get(0).endsWith("/bin/java"), asUser.get(0));
    assertFalse(asUser.stream().anyMatch(a -> a.startsWith("-Xm")));
  }

  @Test
  void theVersionIsReadFromThePomsProperty() throws IOException {
    assertEquals(
        "3.9.0",
        OpenSearchClasspath.version(
            "<properties><opensearch.version> 3.9.0 </opensearch.version>"));
    assertThrows(IOException.class, () -> OpenSearchClasspath.version("<project/>"));
  }

  @Test
  void theCheckoutRootIsTheNearestDirectoryWithThePomAndTheWrapper(@TempDir Path dir)
      throws IOException {
    Path module = Files.createDirectories(dir.resolve("bench").resolve("src"));
    assertEquals(Optional.empty(), OpenSearchClasspath.checkoutRoot(module));
    Files.createDirectories(dir.resolve("bench").resolve("opensearch"));
    Files.writeString(dir.resolve("bench").resolve("opensearch").resolve("pom.xml"), "<project/>");
    assertEquals(Optional.empty(), OpenSearchClasspath.checkoutRoot(module));
    Files.writeString(dir.resolve("mvnw"), "#!/bin/sh\n");
    assertEquals(Optional.of(dir.toAbsolutePath()), OpenSearchClasspath.checkoutRoot(module));
  }
}
