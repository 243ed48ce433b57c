package io.keybox.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.keybox.server.auth.KeysFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.ParameterException;

/**
 * The container manifests (packaging/kubernetes/, packaging/compose.yaml) against what they name:
 * every object is a kind the Kubernetes version docs/operations.md names serves, every reference
 * between them resolves (labels and selectors, Secret, ConfigMap and claim names, ports, probe
 * paths, the files the commands read), and every {@code keybox} command line in them is one the
 * command accepts, so they cannot drift from the code.
 */
class DeploymentManifestsTest {
  private static final Path ROOT = Path.of("..");
  private static final Path KUBERNETES = ROOT.resolve("packaging/kubernetes");
  private static final Path COMPOSE = ROOT.resolve("packaging/compose.yaml");

  /** The Kubernetes version docs/operations.md names: the oldest the manifests are for. */
  private static final String KUBERNETES_VERSION = "1.29";

  /**
   * What Kubernetes 1.29 serves of the kinds the manifests may use (its API reference): each
   * apiVersion with its kinds.
   */
  private static final Map<String, Set<String>> SERVED =
      Map.of(
          "v1", Set.of("ConfigMap", "Secret", "Service", "PersistentVolumeClaim"),
          "apps/v1", Set.of("Deployment"),
          "batch/v1", Set.of("CronJob"),
          "policy/v1", Set.of("PodDisruptionBudget"),
          "autoscaling/v2", Set.of("HorizontalPodAutoscaler"));

  private static final String KUSTOMIZATION = "kustomization.yaml";
  private static final String HEALTH = "/-/health";
  private static final String IMAGE_UID = "65532"; // the image's user (packaging/oci/image.sh)
  private static final String SERVE_PORT = "8080"; // serve's default --port, the image's port
  private static final String COMPOSE_IMAGE = "localhost/keybox:";

  private static final YAMLMapper YAML = new YAMLMapper();

  @Test
  void theDocsNameTheKubernetesVersionTheseChecksAreFor() throws IOException {
    String operations = Files.readString(ROOT.resolve("docs/operations.md"));
    Matcher named = Pattern.compile("Kubernetes (\\d+\\.\\d+) or newer").matcher(operations);
    assertTrue(named.find(), "docs/operations.md names no Kubernetes version");
    assertEquals(KUBERNETES_VERSION, named.group(1));
  }

  @Test
  void everyObjectIsOfAKindThatVersionServesWithAName() throws IOException {
    List<String> problems = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (JsonNode object : objects()) {
      String apiVersion = object.path("apiVersion").asText();
      String kind = object.path("kind").asText();
      String name = object.path("metadata").path("name").asText();
      if (!SERVED.getOrDefault(apiVersion, Set.of()).contains(kind)) {
        problems.add(
            apiVersion + " " + kind + " is not served by Kubernetes " + KUBERNETES_VERSION);
      }
      if (name.isEmpty() || !seen.add(kind + "/" + name)) {
        problems.add(kind + " '" + name + "': no name, or the name twice");
      }
    }
    assertEquals(List.of(), problems);
    assertEquals(
        Set.of(
            "ConfigMap/keybox-keys",
            "ConfigMap/keybox-store",
            "Secret/keybox-store",
            "Secret/keybox-mls",
            "Deployment/keybox-query",
            "Service/keybox",
            "PodDisruptionBudget/keybox-query",
            "HorizontalPodAutoscaler/keybox-query",
            "PersistentVolumeClaim/keybox-pull-data",
            "CronJob/keybox-pull-full",
            "CronJob/keybox-pull-incremental"),
        seen);
  }

  @Test
  void theKustomizationListsEveryManifestAndSetsThisBuildsImage() throws IOException {
    JsonNode kustomization = YAML.readTree(KUBERNETES.resolve(KUSTOMIZATION).toFile());
    assertEquals("kustomize.config.k8s.io/v1beta1", kustomization.path("apiVersion").asText());
    assertEquals("Kustomization", kustomization.path("kind").asText());
    Set<String> listed = new TreeSet<>();
    kustomization.path("resources").forEach(resource -> listed.add(resource.asText()));
    Set<String> files = new TreeSet<>();
    for (Path file : manifestFiles()) {
      files.add(file.getFileName().toString());
    }
    assertEquals(files, listed);
    JsonNode image = kustomization.path("images").path(0);
    assertEquals("keybox", image.path("name").asText());
    assertEquals(BuildInfo.current().version(), image.path("newTag").asText());
    for (JsonNode pod : pods()) {
      for (JsonNode container : pod.path("containers")) {
        assertEquals("keybox", container.path("image").asText(), container.toString());
      }
    }
  }

  @Test
  void theServiceTheBudgetAndTheAutoscalerSelectTheQueryPods() throws IOException {
    JsonNode deployment = only("Deployment");
    JsonNode podLabels = deployment.at("/spec/template/metadata/labels");
    assertTrue(contains(podLabels, deployment.at("/spec/selector/matchLabels")), "selector");
    assertTrue(contains(podLabels, only("Service").at("/spec/selector")), "Service selector");
    assertTrue(
        contains(podLabels, only("PodDisruptionBudget").at("/spec/selector/matchLabels")),
        "PodDisruptionBudget selector");
    JsonNode target = only("HorizontalPodAutoscaler").at("/spec/scaleTargetRef");
    assertEquals("apps/v1", target.path("apiVersion").asText());
    assertEquals("Deployment", target.path("kind").asText());
    assertEquals(deployment.at("/metadata/name").asText(), target.path("name").asText());
    // A CPU utilization target is a share of each container's CPU request: there must be one.
    JsonNode metric = only("HorizontalPodAutoscaler").at("/spec/metrics/0/resource");
    assertEquals("cpu", metric.path("name").asText());
    for (JsonNode container : deployment.at("/spec/template/spec/containers")) {
      assertFalse(container.at("/resources/requests/cpu").isMissingNode(), "no CPU request");
    }
  }

  @Test
  void everyConfigMapSecretClaimAndVolumeNamedExists() throws IOException {
    Set<String> configMaps = names("ConfigMap");
    Set<String> secrets = names("Secret");
    Set<String> claims = names("PersistentVolumeClaim");
    List<String> problems = new ArrayList<>();
    for (JsonNode pod : pods()) {
      Set<String> volumes = new HashSet<>();
      for (JsonNode volume : pod.path("volumes")) {
        volumes.add(volume.path("name").asText());
        missing(problems, configMaps, volume.at("/configMap/name"), "ConfigMap");
        missing(problems, secrets, volume.at("/secret/secretName"), "Secret");
        missing(problems, claims, volume.at("/persistentVolumeClaim/claimName"), "claim");
      }
      for (JsonNode container : pod.path("containers")) {
        for (JsonNode from : container.path("envFrom")) {
          missing(problems, configMaps, from.at("/configMapRef/name"), "ConfigMap");
          missing(problems, secrets, from.at("/secretRef/name"), "Secret");
        }
        for (JsonNode mount : container.path("volumeMounts")) {
          missing(problems, volumes, mount.path("name"), "volume");
        }
      }
    }
    assertEquals(List.of(), problems);
  }

  @Test
  void portsAndProbesMeetTheServersListeners() throws IOException {
    JsonNode pod = only("Deployment").at("/spec/template/spec");
    assertEquals(1, pod.path("containers").size());
    JsonNode container = pod.path("containers").path(0);
    List<String> args = strings(container.path("args"));
    Map<String, String> ports = new HashMap<>();
    container
        .path("ports")
        .forEach(p -> ports.put(p.path("name").asText(), p.path("containerPort").asText()));
    assertEquals(option(args, "--port").orElse(SERVE_PORT), ports.get("http"));
    assertEquals(option(args, "--admin-port").orElse("none"), ports.get("admin"));
    for (String probe : List.of("startupProbe", "readinessProbe", "livenessProbe")) {
      JsonNode get = container.path(probe).path("httpGet");
      assertEquals(HEALTH, get.path("path").asText(), probe);
      // Without an admin listener /-/health answers loopback clients only: the kubelet is none.
      assertEquals("admin", get.path("port").asText(), probe);
    }
    JsonNode servicePort = only("Service").at("/spec/ports/0");
    assertTrue(ports.containsKey(servicePort.path("targetPort").asText()), servicePort.toString());
  }

  @Test
  void everyKeyboxCommandLineIsOneTheCommandAccepts() throws IOException {
    List<List<String>> lines = new ArrayList<>();
    for (JsonNode pod : pods()) {
      pod.path("containers").forEach(container -> lines.add(strings(container.path("args"))));
    }
    keyboxServices().forEach(service -> lines.add(strings(service.path("command"))));
    assertEquals(7, lines.size(), "the Deployment and 2 CronJobs, 4 Compose services");
    List<String> problems = new ArrayList<>();
    for (List<String> line : lines) {
      try {
        Keybox.check(line.toArray(String[]::new));
      } catch (ParameterException | IllegalArgumentException e) {
        problems.add(line + " → " + e.getMessage());
      }
    }
    assertEquals(List.of(), problems);
  }

  @Test
  void theFilesTheCommandsReadAreMountedFromTheirConfigMapOrSecret() throws Exception {
    List<String> problems = new ArrayList<>();
    int files = 0;
    for (JsonNode pod : pods()) {
      for (JsonNode container : pod.path("containers")) {
        List<String> args = strings(container.path("args"));
        for (String option : List.of("--keys", "--bearer-token-file", "--client-secret-file")) {
          Optional<String> file = option(args, option);
          if (file.isPresent()) {
            files++;
            Optional<String> content = mountedContent(pod, container, file.get());
            if (content.isEmpty()) {
              problems.add(
                  option + " " + file.get() + " is no key of a mounted ConfigMap or Secret");
            } else if (option.equals("--keys")) {
              KeysFile.parse(content.get().getBytes(StandardCharsets.UTF_8), file.get());
            }
          }
        }
        String data = option(args, "--data-dir").orElseThrow();
        if (mountOf(container, data).isEmpty()) {
          problems.add("--data-dir " + data + " is on the image's read-only root");
        }
      }
    }
    assertEquals(List.of(), problems);
    assertEquals(3, files, "the query nodes' keys, each pull's token");
  }

  @Test
  void thePullsPublishWhereTheQueryNodesFollowOneAtATimeAsTheImagesUser() throws IOException {
    Set<String> followed = new HashSet<>();
    only("Deployment")
        .at("/spec/template/spec/containers")
        .forEach(c -> followed.add(option(strings(c.path("args")), "--replica-of").orElseThrow()));
    Map<String, String> hourOf = new HashMap<>();
    for (JsonNode cronJob : all("CronJob")) {
      assertEquals("Forbid", cronJob.at("/spec/concurrencyPolicy").asText());
      JsonNode pod = cronJob.at("/spec/jobTemplate/spec/template/spec");
      for (JsonNode container : pod.path("containers")) {
        List<String> args = strings(container.path("args"));
        assertEquals("pull", args.get(0));
        assertEquals(followed, Set.of(option(args, "--publish-to").orElseThrow()), args.toString());
        String mode =
            args.contains("--full") ? "full" : args.contains("--incremental") ? "incremental" : "?";
        hourOf.put(mode, cronJob.at("/spec/schedule").asText().split(" ")[1]);
      }
    }
    assertEquals(Set.of("full", "incremental"), hourOf.keySet());
    int nightly = Integer.parseInt(hourOf.get("full"));
    Set<Integer> hourly = hours(hourOf.get("incremental"));
    assertFalse(hourly.contains(nightly), "an hourly pull in the nightly pull's hour");
    for (JsonNode pod : pods()) {
      assertEquals(IMAGE_UID, pod.at("/securityContext/runAsUser").asText());
      assertEquals(IMAGE_UID, pod.at("/securityContext/fsGroup").asText());
    }
  }

  @Test
  void theComposeTryOutPublishesWhatItsQueryNodesFollow() throws IOException {
    JsonNode compose = YAML.readTree(COMPOSE.toFile());
    JsonNode services = compose.path("services");
    Set<String> published = new HashSet<>();
    Set<String> followed = new HashSet<>();
    Set<String> hostPorts = new HashSet<>();
    List<String> problems = new ArrayList<>();
    for (JsonNode service : keyboxServices()) {
      assertEquals(COMPOSE_IMAGE + BuildInfo.current().version(), service.path("image").asText());
      assertTrue(Files.isRegularFile(COMPOSE.resolveSibling(service.path("env_file").asText())));
      List<String> command = strings(service.path("command"));
      option(command, "--publish-to").ifPresent(published::add);
      option(command, "--replica-of").ifPresent(followed::add);
      Set<String> mounted = new HashSet<>();
      for (JsonNode volume : service.path("volumes")) {
        String[] parts = volume.asText().split(":");
        mounted.add(parts[1]);
        boolean named = !parts[0].startsWith(".") && !parts[0].startsWith("/");
        if (named
            ? !compose.path("volumes").has(parts[0])
            : !Files.exists(COMPOSE.resolveSibling(parts[0]))) {
          problems.add(volume.asText() + ": no such volume or file");
        }
      }
      option(command, "--keys")
          .filter(keys -> !mounted.contains(keys))
          .ifPresent(keys -> problems.add("--keys " + keys + " not mounted"));
      for (JsonNode port : service.path("ports")) {
        if (!hostPorts.add(port.asText().substring(0, port.asText().lastIndexOf(':')))) {
          problems.add(port.asText() + ": a host port taken by another service");
        }
        if (!port.asText().endsWith(":" + SERVE_PORT)) {
          problems.add(port.asText() + " is not the server's port " + SERVE_PORT);
        }
      }
      service
          .path("depends_on")
          .fieldNames()
          .forEachRemaining(
              name -> {
                if (!services.has(name)) {
                  problems.add("depends on " + name + ", no such service");
                }
              });
    }
    assertEquals(List.of(), problems);
    assertEquals(Set.of("s3://keybox/demo"), published);
    assertEquals(published, followed);
  }

  // --- reading the manifests

  private static List<Path> manifestFiles() throws IOException {
    try (Stream<Path> files = Files.list(KUBERNETES)) {
      return files
          .filter(f -> f.toString().endsWith(".yaml"))
          .filter(f -> !f.getFileName().toString().equals(KUSTOMIZATION))
          .sorted()
          .toList();
    }
  }

  /** Every object of every Kubernetes manifest (a file may hold several, split by ---). */
  private static List<JsonNode> objects() throws IOException {
    List<JsonNode> objects = new ArrayList<>();
    for (Path file : manifestFiles()) {
      objects.addAll(YAML.readerFor(JsonNode.class).<JsonNode>readValues(file.toFile()).readAll());
    }
    return objects;
  }

  private static List<JsonNode> all(String kind) throws IOException {
    return objects().stream().filter(o -> o.path("kind").asText().equals(kind)).toList();
  }

  private static JsonNode only(String kind) throws IOException {
    List<JsonNode> found = all(kind);
    assertEquals(1, found.size(), kind);
    return found.get(0);
  }

  private static Set<String> names(String kind) throws IOException {
    Set<String> names = new HashSet<>();
    all(kind).forEach(o -> names.add(o.at("/metadata/name").asText()));
    return names;
  }

  /** The pod specs: the Deployment's and the CronJobs'. */
  private static List<JsonNode> pods() throws IOException {
    List<JsonNode> pods = new ArrayList<>();
    all("Deployment").forEach(d -> pods.add(d.at("/spec/template/spec")));
    all("CronJob").forEach(c -> pods.add(c.at("/spec/jobTemplate/spec/template/spec")));
    return pods;
  }

  /** The Compose services that run the keybox image. */
  private static List<JsonNode> keyboxServices() throws IOException {
    List<JsonNode> services = new ArrayList<>();
    YAML.readTree(COMPOSE.toFile())
        .path("services")
        .forEach(
            s -> {
              if (s.path("image").asText().startsWith(COMPOSE_IMAGE)) {
                services.add(s);
              }
            });
    return services;
  }

  // --- what the checks compare

  private static List<String> strings(JsonNode array) {
    List<String> strings = new ArrayList<>();
    array.forEach(value -> strings.add(value.asText()));
    return strings;
  }

  /** The value after {@code option} in a command line. */
  private static Optional<String> option(List<String> args, String option) {
    int at = args.indexOf(option);
    return at >= 0 && at + 1 < args.size() ? Optional.of(args.get(at + 1)) : Optional.empty();
  }

  /** True when every label of {@code selector} is on {@code labels}. */
  private static boolean contains(JsonNode labels, JsonNode selector) {
    if (selector.isEmpty()) {
      return false; // an empty selector selects everything, never what is meant
    }
    List<String> absent = new ArrayList<>();
    selector
        .fields()
        .forEachRemaining(
            e -> {
              if (!labels.path(e.getKey()).asText().equals(e.getValue().asText())) {
                absent.add(e.getKey());
              }
            });
    return absent.isEmpty();
  }

  private static void missing(
      List<String> problems, Set<String> names, JsonNode name, String what) {
    if (!name.isMissingNode() && !names.contains(name.asText())) {
      problems.add(what + " '" + name.asText() + "' is not defined");
    }
  }

  /** The volume mount {@code path} is under, in {@code container}. */
  private static Optional<JsonNode> mountOf(JsonNode container, String path) {
    for (JsonNode mount : container.path("volumeMounts")) {
      String at = mount.path("mountPath").asText();
      if (path.equals(at) || path.startsWith(at + "/")) {
        return Optional.of(mount);
      }
    }
    return Optional.empty();
  }

  /**
   * The content {@code file} has in the pod: the key of the ConfigMap or Secret mounted at its
   * folder, named like the file.
   */
  private static Optional<String> mountedContent(JsonNode pod, JsonNode container, String file)
      throws IOException {
    Optional<JsonNode> mount = mountOf(container, file);
    if (mount.isEmpty()) {
      return Optional.empty();
    }
    String key = file.substring(mount.get().path("mountPath").asText().length() + 1);
    for (JsonNode volume : pod.path("volumes")) {
      if (!volume.path("name").asText().equals(mount.get().path("name").asText())) {
        continue;
      }
      String configMap = volume.at("/configMap/name").asText();
      String secret = volume.at("/secret/secretName").asText();
      for (JsonNode object : objects()) {
        String name = object.at("/metadata/name").asText();
        String kind = object.path("kind").asText();
        JsonNode data =
            kind.equals("ConfigMap") && name.equals(configMap)
                ? object.path("data")
                : kind.equals("Secret") && name.equals(secret) ? object.path("stringData") : null;
        if (data != null && data.has(key)) {
          return Optional.of(data.path(key).asText());
        }
      }
    }
    return Optional.empty();
  }

  /** The hours of a cron hour field of numbers and ranges ("0-1,4-23"). */
  private static Set<Integer> hours(String field) {
    Set<Integer> hours = new TreeSet<>();
    for (String part : field.split(",")) {
      String[] range = part.split("-");
      int from = Integer.parseInt(range[0]);
      int to = Integer.parseInt(range[range.length - 1]);
      for (int hour = from; hour <= to; hour++) {
        hours.add(hour);
      }
    }
    return hours;
  }
}
