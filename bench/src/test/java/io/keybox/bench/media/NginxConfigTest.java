package io.keybox.bench.media;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class NginxConfigTest {
  @Test
  void servesTheMediaRoutesUrlsFromTheVendorsMediaFolders() {
    String text = new NginxConfig(41234, Path.of("/d/data"), Path.of("/t/ng"), 2, true).text();
    assertEquals(
        """
        # written by the Keybox bench (media class); removed with its directory
        daemon off;
        master_process on;
        user root;
        worker_processes 2;
        pid /t/ng/nginx.pid;
        error_log /t/ng/error.log warn;
        events {
          worker_connections 1024;
        }
        http {
          access_log /t/ng/access.log combined buffer=64k;
          sendfile on;
          tcp_nopush on;
          keepalive_timeout 75s;
          keepalive_requests 100000000;
          types {
            image/jpeg jpg;
          }
          default_type application/octet-stream;
          client_body_temp_path /t/ng/client_body;
          proxy_temp_path /t/ng/proxy;
          fastcgi_temp_path /t/ng/fastcgi;
          uwsgi_temp_path /t/ng/uwsgi;
          scgi_temp_path /t/ng/scgi;
          server {
            listen 127.0.0.1:41234;
            location ~ "^/media/([a-z0-9][a-z0-9_-]{0,63})/(([0-9a-f]{2})[0-9a-f]{38})/(400|800|1600)\\.jpg$" {
              alias /d/data/$1/media/$3/$2/$4.jpg;
              add_header Cache-Control "public, max-age=31536000, immutable";
            }
            location / {
              return 404;
            }
          }
        }
        """,
        text);
  }

  @Test
  void leavesTheWorkersUserAloneWhenNotRoot() {
    String text = new NginxConfig(8080, Path.of("/d"), Path.of("/p"), 1, false).text();
    assertTrue(
        text.contains("\n# not root: workers run as this user\nworker_processes 1;\n"), text);
    assertTrue(!text.contains("user root;"), text);
  }
}
