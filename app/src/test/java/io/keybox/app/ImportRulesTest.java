package io.keybox.app;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import io.keybox.state.media.FailureKind;
import io.keybox.state.media.MediaState;
import io.keybox.state.media.MediaSummary;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The import rules of ARCHITECTURE.md, checked on the production classes of every module the {@code
 * keybox} command is made of (this module sees them all). Data flows one way, and each rule keeps
 * one direction of it: a failing rule names the class and the import that broke it.
 */
class ImportRulesTest {
  private static JavaClasses production;

  @BeforeAll
  static void importClasses() {
    production =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            // The server's test jar (its fixtures, on this module's test class path) is tests too.
            .withImportOption(location -> !location.contains("-tests.jar"))
            .importPackages("io.keybox");
  }

  @Test
  void onlyTheHttpPackagesImportUndertowOrXnio() {
    check(
        noClasses()
            .that()
            .resideOutsideOfPackage("io.keybox.server.http..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("io.undertow..", "org.xnio..")
            .because("only server/http speaks HTTP; everything below it is plain Java"));
  }

  @Test
  void onlyTheResponseCacheImportsCaffeine() {
    check(
        noClasses()
            .that()
            .resideOutsideOfPackage("io.keybox.server.http.cache..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("com.github.benmanes.caffeine..")
            .because(
                "answers are cached in one place, per snapshot; state derived from a snapshot"
                    + " travels with it (DerivedValue), not in a cache of its own"));
  }

  @Test
  void indexSearchAndQueryDoNotImportHttp() {
    check(
        noClasses()
            .that()
            .resideInAnyPackage(
                "io.keybox.server.index..", "io.keybox.server.search..", "io.keybox.server.query..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.keybox.server.http..")
            .because(
                "requests reach them as values; they answer with values and domain exceptions"));
  }

  @Test
  void indexSearchAndQueryThrowDomainExceptionsNotStatuses() {
    check(
        noClasses()
            .that()
            .resideInAnyPackage(
                "io.keybox.server.index..", "io.keybox.server.search..", "io.keybox.server.query..")
            .should()
            .dependOnClassesThat()
            .haveFullyQualifiedName("io.keybox.server.error.ApiException")
            .because("only the HTTP edge maps exceptions to statuses"));
  }

  @Test
  void theHttpEdgeImportsNoApiHandler() {
    check(
        noClasses()
            .that()
            .resideInAPackage("io.keybox.server.http.edge..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.keybox.server.http.api..")
            .because(
                "the edge wraps the API and the API uses the edge's helpers: one direction, no"
                    + " circle (the ops gate is given its paths, the metrics their templates)"));
  }

  @Test
  void theListingSchemaImportsNoViewBuiltOnIt() {
    check(
        noClasses()
            .that()
            .resideInAPackage("io.keybox.schema.listing..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.keybox.schema.reso..")
            .because(
                "the RESO view is built on the listing schema: one direction, no circle (its"
                    + " record reaches listing documents as a ListingRendering)"));
  }

  @Test
  void schemaImportsNoOtherKeyboxModule() {
    check(
        noClasses()
            .that()
            .resideInAPackage("io.keybox.schema..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                "io.keybox.generator..",
                "io.keybox.indexer..",
                "io.keybox.store..",
                "io.keybox.server..",
                "io.keybox.app..")
            .because("schema is the index contract every other module builds on"));
  }

  @Test
  void storeImportsNoOtherKeyboxModule() {
    check(
        noClasses()
            .that()
            .resideInAPackage("io.keybox.store..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                "io.keybox.schema..",
                "io.keybox.generator..",
                "io.keybox.indexer..",
                "io.keybox.server..",
                "io.keybox.app..")
            .because("the store moves Lucene files; it knows no Keybox schema, indexer or server"));
  }

  @Test
  void stateImportsNoOtherKeyboxModule() {
    check(
        noClasses()
            .that()
            .resideInAPackage("io.keybox.state..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                "io.keybox.schema..",
                "io.keybox.generator..",
                "io.keybox.indexer..",
                "io.keybox.store..",
                "io.keybox.server..",
                "io.keybox.app..")
            .because("the state store keeps rows; the modules that use it know what they mean"));
  }

  @Test
  void onlyTheStateStoreSpeaksSql() {
    check(
        noClasses()
            .that()
            .resideOutsideOfPackage("io.keybox.state..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("java.sql..", "org.sqlite..")
            .because("no SQL outside the state store's typed repositories (ARCHITECTURE.md)"));
  }

  @Test
  void productionModulesDoNotImportTheGenerator() {
    check(
        noClasses()
            .that()
            .resideInAnyPackage(
                "io.keybox.schema..",
                "io.keybox.indexer..",
                "io.keybox.store..",
                "io.keybox.server..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.keybox.generator..")
            .because(
                "synthetic feeds are for the demo, the tests and the bench: only app may use it"));
  }

  @Test
  void theIndexImportsNoSearchQueryOrMetrics() {
    check(
        noClasses()
            .that()
            .resideInAPackage("io.keybox.server.index..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                "io.keybox.server.search..",
                "io.keybox.server.query..",
                "io.keybox.server.metrics..")
            .because("the index keeps snapshots; what is computed from them is the search's"));
  }

  @Test
  void theReplicaImportsNoHttpSearchOrQuery() {
    check(
        noClasses()
            .that()
            .resideInAPackage("io.keybox.server.replica..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                "io.keybox.server.http..", "io.keybox.server.search..", "io.keybox.server.query..")
            .because("a replica fills the data directory; the index side serves what it holds"));
  }

  @Test
  void theIndexImportsNoStoreOrReplica() {
    check(
        noClasses()
            .that()
            .resideInAPackage("io.keybox.server.index..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("io.keybox.store..", "io.keybox.server.replica..")
            .because("the index serves a data directory, however its commits got there"));
  }

  @Test
  void thePhotoLibraryKnowsOnlyTheIndexAndTheSchema() {
    check(
        noClasses()
            .that()
            .resideInAPackage("io.keybox.server.media..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                "io.keybox.server.http..",
                "io.keybox.server.search..",
                "io.keybox.server.query..",
                "io.keybox.server.replica..",
                "io.keybox.indexer..",
                "io.keybox.state..",
                "io.keybox.store.s3..",
                "io.keybox.store.local..")
            .because(
                "which photos may be served is a question to the served snapshot; serving them is"
                    + " server/http's; a query node's photos come from whatever store it follows,"
                    + " through the Store interface"));
  }

  @Test
  void onlyTheIndexerSideMakesPhotosOrFillsTheCatalog() {
    check(
        noClasses()
            .that()
            .resideInAnyPackage("io.keybox.server..", "io.keybox.schema..", "io.keybox.store..")
            .and()
            .resideOutsideOfPackage("io.keybox.server.mirror..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("io.keybox.indexer.media..", "io.keybox.state.media..")
            .because("the mirror runs in the indexer; the server reads only what commits publish"));
  }

  @Test
  void theServerReadsOnlyTheMirrorsCountsFromTheCatalog() {
    assertTrue(production.containPackage("io.keybox.server.mirror"), "server.mirror not imported");
    check(
        noClasses()
            .that()
            .resideInAPackage("io.keybox.server.mirror..")
            .should()
            .dependOnClassesThat(
                JavaClass.Predicates.resideInAnyPackage(
                        "io.keybox.indexer..",
                        "io.keybox.server.http..",
                        "io.keybox.server.index..",
                        "io.keybox.state.media..")
                    .and(
                        DescribedPredicate.not(
                            JavaClass.Predicates.belongToAnyOf(
                                MediaSummary.class,
                                MediaSummary.Vendor.class,
                                MediaState.class,
                                FailureKind.class))))
            .because(
                "the server reports the mirror's progress from the catalog's summary; it never"
                    + " fills the catalog nor reads a photo's row"));
  }

  @Test
  void metricsDoNotImportTheIndex() {
    check(
        noClasses()
            .that()
            .resideInAPackage("io.keybox.server.metrics..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.keybox.server.index..")
            .because("the index registers its own per-vendor collector"));
  }

  @Test
  void alertsImportNoHttpNorTheIndexOnlyLeases() {
    check(
        noClasses()
            .that()
            .resideInAPackage("io.keybox.server.alerts..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                "io.keybox.server.http..",
                "io.keybox.server.replica..",
                "io.keybox.store..",
                "io.keybox.indexer..")
            .because(
                "alerts match the served snapshots and send their own webhooks; the HTTP side"
                    + " calls them, and the indexer only records which listings changed"));
  }

  @Test
  void onlyAlertsAndTheHttpLayerUseSavedSearches() {
    check(
        noClasses()
            .that()
            .resideOutsideOfPackages(
                "io.keybox.state..", "io.keybox.server.alerts..", "io.keybox.server")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.keybox.state.alerts..")
            .because("saved searches and the outbox are the alerts package's to use"));
  }

  @Test
  void onlyTheResoPackageImportsOlingo() {
    check(
        noClasses()
            .that()
            .resideOutsideOfPackage("io.keybox.server.reso..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("org.apache.olingo..")
            .because(
                "OData is one view of the index: Olingo parses its URLs and writes its metadata in"
                    + " server/reso, and nowhere else"));
  }

  @Test
  void theResoViewImportsNoHttp() {
    check(
        noClasses()
            .that()
            .resideInAPackage("io.keybox.server.reso..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("io.keybox.server.http..", "io.undertow..")
            .because("requests reach the RESO view as values; http/api is its HTTP side"));
  }

  @Test
  void everyModuleIsImported() {
    // A rule over no classes holds vacuously: make sure each module's classes were found.
    for (String module :
        new String[] {
          "io.keybox.schema",
          "io.keybox.generator",
          "io.keybox.indexer",
          "io.keybox.store",
          "io.keybox.server.http",
          "io.keybox.server.index",
          "io.keybox.server.replica",
          "io.keybox.server.media",
          "io.keybox.state",
          "io.keybox.server.alerts",
          "io.keybox.state.alerts",
          "io.keybox.app"
        }) {
      assertTrue(production.containPackage(module), module + " was not imported");
    }
  }

  private static void check(ArchRule rule) {
    rule.check(production);
  }
}
