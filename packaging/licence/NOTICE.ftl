<#-- The NOTICE of every Keybox package (archive, .deb, image), rendered by license-maven-plugin's
     add-third-party goal (app/pom.xml) from the dependency tree keybox.jar is shaded from:
     dependencyMap holds each bundled artifact (a MavenProject) with the licence names its POM
     declares, merged into SPDX identifiers by app/pom.xml's licenseMerges. -->
Keybox
Copyright The Keybox project

Keybox is licensed under the Apache License, Version 2.0; its text is in the file LICENSE.

lib/keybox.jar bundles the following ${dependencyMap?size} third-party artifacts, each under the
licence its own POM declares (listed at build time from the dependency tree):

<#list dependencyMap as e>
<#assign p = e.getKey()/>
  ${p.groupId}:${p.artifactId}:${p.version} (${e.getValue()?join(", ")})
    ${p.name}<#if p.url??> - ${p.url}</#if>
</#list>

The notices those artifacts ship (their own META-INF/NOTICE files) are merged into keybox.jar's
META-INF/NOTICE.

runtime/ is a Java runtime linked by jlink from the OpenJDK build the package was made with:
GPL-2.0 with the Classpath Exception; its licences and notices are in runtime/legal/.
