<#-- The .deb's /usr/share/doc/keybox/copyright in Debian's machine-readable format (copyright-format
     1.0), rendered by license-maven-plugin's add-third-party goal (app/pom.xml) from the dependency
     tree keybox.jar is shaded from. Every licence of a bundled artifact needs its text below: an
     unknown one stops the build, naming it. -->
<#assign licences = []/>
<#list licenseMap as e><#if e.getValue()?size != 0 && e.getKey() != "Apache-2.0"><#assign licences = licences + [e.getKey()]/></#if></#list>
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: keybox
Upstream-Contact: The Keybox project

Files: *
Copyright: The Keybox project
License: Apache-2.0

Files: opt/keybox/lib/keybox.jar
Copyright: The Keybox project, and the authors of the artifacts bundled in it
License: Apache-2.0<#list licences as l> and ${l}</#list>
Comment: keybox.jar is Keybox's code with these ${dependencyMap?size} third-party artifacts, each
 under the licence its own POM declares (listed at build time from the dependency tree):
<#list dependencyMap as e>
<#assign p = e.getKey()/>
 ${p.groupId}:${p.artifactId}:${p.version} (${e.getValue()?join(", ")})
</#list>
 The notices they ship are merged into the jar's META-INF/NOTICE.

Files: opt/keybox/runtime/*
Copyright: Oracle and/or its affiliates, and the other OpenJDK contributors
License: GPL-2 with Classpath exception
Comment: A Java runtime linked by jlink from the OpenJDK build the package was made with. Its
 licences and notices, with the full text of the Classpath exception, are in
 /opt/keybox/runtime/legal/.

License: Apache-2.0
 On Debian systems, the complete text of the Apache License, Version 2.0 is in
 /usr/share/common-licenses/Apache-2.0 (and in /opt/keybox/LICENSE).

License: GPL-2 with Classpath exception
 On Debian systems, the complete text of the GNU General Public License version 2 is in
 /usr/share/common-licenses/GPL-2. The Classpath exception's text is in
 /opt/keybox/runtime/legal/java.base/LICENSE.
<#list licences as l>

License: ${l}
<#if l == "MIT">
 Permission is hereby granted, free of charge, to any person obtaining a copy of this
 software and associated documentation files (the "Software"), to deal in the Software
 without restriction, including without limitation the rights to use, copy, modify, merge,
 publish, distribute, sublicense, and/or sell copies of the Software, and to permit persons
 to whom the Software is furnished to do so, subject to the following conditions:
 .
 The above copyright notice and this permission notice shall be included in all copies or
 substantial portions of the Software.
 .
 THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED,
 INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR
 PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE
 FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR
 OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER
 DEALINGS IN THE SOFTWARE.
<#elseif l == "MIT-0">
 Permission is hereby granted, free of charge, to any person obtaining a copy of this
 software and associated documentation files (the "Software"), to deal in the Software
 without restriction, including without limitation the rights to use, copy, modify, merge,
 publish, distribute, sublicense, and/or sell copies of the Software, and to permit persons
 to whom the Software is furnished to do so.
 .
 THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED,
 INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR
 PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE
 FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR
 OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER
 DEALINGS IN THE SOFTWARE.
<#elseif l == "BSD-2-Clause">
 Redistribution and use in source and binary forms, with or without modification, are
 permitted provided that the following conditions are met:
 .
 1. Redistributions of source code must retain the above copyright notice, this list of
    conditions and the following disclaimer.
 2. Redistributions in binary form must reproduce the above copyright notice, this list of
    conditions and the following disclaimer in the documentation and/or other materials
    provided with the distribution.
 .
 THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND ANY EXPRESS
 OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED WARRANTIES OF
 MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE DISCLAIMED. IN NO EVENT SHALL THE
 COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL,
 EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE
 GOODS OR SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND
 ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT (INCLUDING
 NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS SOFTWARE, EVEN IF ADVISED
 OF THE POSSIBILITY OF SUCH DAMAGE.
<#elseif l == "BSD-3-Clause">
 Redistribution and use in source and binary forms, with or without modification, are
 permitted provided that the following conditions are met:
 .
 1. Redistributions of source code must retain the above copyright notice, this list of
    conditions and the following disclaimer.
 2. Redistributions in binary form must reproduce the above copyright notice, this list of
    conditions and the following disclaimer in the documentation and/or other materials
    provided with the distribution.
 3. Neither the name of the copyright holder nor the names of its contributors may be used to
    endorse or promote products derived from this software without specific prior written
    permission.
 .
 THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND ANY EXPRESS
 OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED WARRANTIES OF
 MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE DISCLAIMED. IN NO EVENT SHALL THE
 COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL,
 EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE
 GOODS OR SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND
 ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT (INCLUDING
 NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS SOFTWARE, EVEN IF ADVISED
 OF THE POSSIBILITY OF SUCH DAMAGE.
<#else>
<#stop "packaging/licence/copyright.ftl has no text for the licence '" + l + "' of a bundled artifact: add it">
</#if>
</#list>
