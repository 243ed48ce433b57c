package io.keybox.bench.media;

import java.nio.file.Path;

/**
 * The nginx configuration of the media peer: one server on a loopback port answering {@code GET
 * /media/{vendor}/{digest}/{width}.jpg} from {@code DIR/<vendor>/media/<ab>/<digest>/<width>.jpg}
 * (ab: the digest's first two digits), the same URLs and files as Keybox's media route, with {@code
 * sendfile} and the same {@code Cache-Control}; anything else is a 404. Everything nginx writes
 * (pid, logs, temporary files) stays under its own prefix directory.
 *
 * @param port the loopback port to listen on
 * @param dataDir Keybox's data directory (the vendors' folders)
 * @param prefix nginx's own directory
 * @param workers worker processes (one per core, as {@code auto} would)
 * @param asRoot whether nginx is started as root: its workers then stay root ({@code user root}),
 *     since the bench's temporary directories are readable by their owner only
 */
public record NginxConfig(int port, Path dataDir, Path prefix, int workers, boolean asRoot) {
  /** The configuration file's text. */
  public String text() {
    String p = prefix.toString();
    return String.join(
        "\n",
        "# written by the Keybox bench (media class); removed with its directory",
        "daemon off;",
        "master_process on;",
        asRoot ? "user root;" : "# not root: workers run as this user",
        "worker_processes " + workers + ";",
        "pid " + p + "/nginx.pid;",
        "error_log " + p + "/error.log warn;",
        "events {",
        "  worker_connections 1024;",
        "}",
        "http {",
        "  access_log " + p + "/access.log combined buffer=64k;",
        "  sendfile on;",
        "  tcp_nopush on;",
        "  keepalive_timeout 75s;",
        "  keepalive_requests 100000000;",
        "  types {",
        "    image/jpeg jpg;",
        "  }",
        "  default_type application/octet-stream;",
        "  client_body_temp_path " + p + "/client_body;",
        "  proxy_temp_path " + p + "/proxy;",
        "  fastcgi_temp_path " + p + "/fastcgi;",
        "  uwsgi_temp_path " + p + "/uwsgi;",
        "  scgi_temp_path " + p + "/scgi;",
        "  server {",
        "    listen 127.0.0.1:" + port + ";",
        "    location ~ \"^/media/([a-z0-9][a-z0-9_-]{0,63})/(([0-9a-f]{2})[0-9a-f]{38})/"
            + "(400|800|1600)\\.jpg$\" {",
        "      alias " + dataDir + "/$1/media/$3/$2/$4.jpg;",
        "      add_header Cache-Control \"public, max-age=31536000, immutable\";",
        "    }",
        "    location / {",
        "      return 404;",
        "    }",
        "  }",
        "}",
        "");
  }
}
