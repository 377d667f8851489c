/* http_floor: the cheapest keep-alive HTTP/1.1 server we could write on epoll, one thread.
 * It answers every request with a fixed JSON body of a chosen size, doing no work beyond finding
 * the end of the headers and skipping Content-Length bytes of body. What it costs per request is
 * the floor (kernel loopback TCP plus one read and one write) that a DynamoDB server's per-request
 * CPU is compared against.   Usage: http_floor PORT [BODY_BYTES]   (default body 60 bytes)
 * Copied from ../shared/perf-floor/http_floor.c for tools/bench/http_floor.py; one change: a
 * body shorter than the Item-shaped reply is "{}" padded with spaces (PutItem answers "{}"). */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

struct conn { int fd; size_t len; char buf[65536]; };

static char *make_reply(size_t body_bytes, size_t *reply_len) {
  const char *head = "{\"Item\":{\"pk\":{\"S\":\"USER#u_0001\"},\"v\":{\"S\":\"";
  const char *tail = "\"}}}";
  size_t fixed = strlen(head) + strlen(tail);
  if (body_bytes < 2) body_bytes = 2;
  char *body = malloc(body_bytes + 1);
  if (body_bytes < fixed) {  /* a short reply (PutItem's "{}"): "{}" and spaces */
    memset(body, ' ', body_bytes);
    memcpy(body, "{}", 2);
    body[body_bytes] = '\0';
  } else {
    strcpy(body, head);
    memset(body + strlen(head), 'x', body_bytes - fixed);
    strcpy(body + body_bytes - strlen(tail), tail);
  }
  char *reply = malloc(body_bytes + 512);
  *reply_len = (size_t)sprintf(reply,
      "HTTP/1.1 200 OK\r\nContent-Type: application/x-amz-json-1.0\r\n"
      "x-amzn-RequestId: 0123456789ABCDEF0123456789ABCDEF\r\nx-amz-crc32: 1234567890\r\n"
      "Content-Length: %zu\r\n\r\n%s", body_bytes, body);
  free(body);
  return reply;
}

int main(int argc, char **argv) {
  int port = argc > 1 ? atoi(argv[1]) : 8030, one = 1;
  size_t reply_len;
  char *reply = make_reply(argc > 2 ? strtoul(argv[2], NULL, 10) : 60, &reply_len);
  int ls = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
  setsockopt(ls, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons(port)};
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (bind(ls, (struct sockaddr *)&a, sizeof a) || listen(ls, 128)) { perror("bind"); return 1; }
  int ep = epoll_create1(0);
  struct epoll_event ev = {.events = EPOLLIN, .data.ptr = NULL};
  epoll_ctl(ep, EPOLL_CTL_ADD, ls, &ev);
  fprintf(stderr, "http_floor listening on %d\n", port);
  struct epoll_event evs[64];
  for (;;) {
    int n = epoll_wait(ep, evs, 64, -1);
    for (int i = 0; i < n; i++) {
      struct conn *c = evs[i].data.ptr;
      if (!c) {
        int fd;
        while ((fd = accept4(ls, NULL, NULL, SOCK_NONBLOCK)) >= 0) {
          setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
          c = calloc(1, sizeof *c);
          c->fd = fd;
          struct epoll_event e = {.events = EPOLLIN, .data.ptr = c};
          epoll_ctl(ep, EPOLL_CTL_ADD, fd, &e);
        }
        continue;
      }
      ssize_t r = read(c->fd, c->buf + c->len, sizeof c->buf - c->len);
      if (r <= 0) { close(c->fd); free(c); continue; }
      c->len += (size_t)r;
      for (;;) {
        char *end = memmem(c->buf, c->len, "\r\n\r\n", 4);
        if (!end) break;
        size_t hdr = (size_t)(end + 4 - c->buf), body = 0;
        char *cl = memmem(c->buf, hdr, "ontent-Length:", 14);
        if (!cl) cl = memmem(c->buf, hdr, "ontent-length:", 14);
        if (cl) body = strtoul(cl + 14, NULL, 10);
        if (c->len < hdr + body) break;
        if (write(c->fd, reply, reply_len) < 0) break;
        memmove(c->buf, c->buf + hdr + body, c->len - hdr - body);
        c->len -= hdr + body;
      }
    }
  }
}
