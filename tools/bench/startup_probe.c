/* Start-up to first response, measured from C so that no interpreter's own
 * start-up or request code is counted: spawns SERVER ARGS... (with "{port}"
 * replaced by PORT), connects to 127.0.0.1:PORT as soon as it listens, sends
 * one DynamoDB GetItem of the preloaded inbox's badge, reads the reply, then
 * stops the server. Prints the milliseconds of each of RUNS runs, one per line.
 *
 *   startup_probe PORT RUNS SERVER [ARG...]
 *
 * The reply must be an HTTP/1.1 status line; its code is not checked, so the
 * floor server (http_floor.c), which answers every request with 200 and a
 * fixed body, is measured the same way. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: startup_probe PORT RUNS SERVER [ARG...]\n");
    return 2;
  }
  const int port = atoi(argv[1]), runs = atoi(argv[2]);
  char port_text[16];
  snprintf(port_text, sizeof port_text, "%d", port);
  char **args = calloc((size_t)argc, sizeof(char *));
  for (int i = 3; i < argc; ++i) args[i - 3] = strcmp(argv[i], "{port}") ? argv[i] : port_text;
  const char *body =
      "{\"TableName\":\"inbox\",\"Key\":{\"pk\":{\"S\":\"USER#u_alice\"},\"sk\":{\"S\":\"#INBOX\"}}}";
  char request[1024];
  snprintf(request, sizeof request,
           "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-amz-json-1.0\r\n"
           "X-Amz-Target: DynamoDB_20120810.GetItem\r\nContent-Length: %zu\r\n\r\n%s",
           strlen(body), body);
  struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  for (int r = 0; r < runs; ++r) {
    const double start = now_ms();
    pid_t pid;
    if (posix_spawn(&pid, args[0], NULL, NULL, args, environ) != 0) {
      perror("posix_spawn");
      return 1;
    }
    int s;
    for (;;) {  // until it listens: a refused connect costs microseconds
      s = socket(AF_INET, SOCK_STREAM, 0);
      if (connect(s, (struct sockaddr *)&address, sizeof address) == 0) break;
      close(s);
      usleep(20);
    }
    char reply[4096];
    ssize_t n = write(s, request, strlen(request)) > 0 ? read(s, reply, sizeof reply) : -1;
    const double elapsed = now_ms() - start;
    close(s);
    kill(pid, SIGTERM);
    waitpid(pid, NULL, 0);
    if (n < 12 || strncmp(reply, "HTTP/1.1 ", 9) != 0) {
      fprintf(stderr, "no HTTP reply from %s\n", args[0]);
      return 1;
    }
    printf("%.3f\n", elapsed);
  }
  return 0;
}
