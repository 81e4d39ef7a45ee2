#ifndef NOTEBOOK_CMICROHTTPD_SHIM_H
#define NOTEBOOK_CMICROHTTPD_SHIM_H

#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <microhttpd.h>

/// Leaves the request target exactly as received: the server percent-decodes it itself, so that
/// `%00` and `%2f` are seen instead of silently truncating or splitting the path.
static size_t notebook_mhd_keep_escaped(void *cls, struct MHD_Connection *connection, char *s) {
    (void)cls;
    (void)connection;
    return strlen(s);
}

/// The value of the request header `name` (the first, compared without regard to case); NULL
/// when there is none.
static inline const char *notebook_mhd_header(struct MHD_Connection *connection, const char *name) {
    return MHD_lookup_connection_value(connection, MHD_HEADER_KIND, name);
}

/// The value of the query argument `name`, as received (not decoded); NULL when there is none.
static inline const char *notebook_mhd_argument(struct MHD_Connection *connection, const char *name) {
    return MHD_lookup_connection_value(connection, MHD_GET_ARGUMENT_KIND, name);
}

/// Starts a daemon listening on `address` (which carries the port; 0 lets the system choose), with
/// a pool of `threads` threads polling with epoll (each connection answered without a thread of
/// its own, so a thousand connections cost no thousand threads), connections that can be
/// suspended while an event stream has nothing to send and resumed from any thread, at most
/// `limit` connections at once, and `timeout` seconds before an idle connection is closed;
/// `completed` is called with `context` when a request ends, to let go of what it kept. NULL
/// when it cannot start.
static inline struct MHD_Daemon *notebook_mhd_start(
    const struct sockaddr *address, int ipv6, unsigned int timeout, unsigned int limit, unsigned int threads,
    MHD_AccessHandlerCallback handler, void *context, MHD_RequestCompletedCallback completed)
{
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME;
    if (ipv6) flags |= MHD_USE_IPv6;
    struct MHD_OptionItem options[] = {
        { MHD_OPTION_SOCK_ADDR, 0, (void *)address },
        { MHD_OPTION_CONNECTION_TIMEOUT, (intptr_t)timeout, NULL },
        { MHD_OPTION_CONNECTION_LIMIT, (intptr_t)limit, NULL },
        { MHD_OPTION_THREAD_POOL_SIZE, (intptr_t)threads, NULL },
        { MHD_OPTION_UNESCAPE_CALLBACK, (intptr_t)notebook_mhd_keep_escaped, NULL },
        { MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)completed, context },
        { MHD_OPTION_END, 0, NULL },
    };
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, context, MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

/// The port the daemon listens on; 0 if unknown.
static inline uint16_t notebook_mhd_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/// The number of connections the daemon holds now; 0 if unknown.
static inline unsigned int notebook_mhd_connection_count(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info == NULL ? 0 : info->num_connections;
}

/// The port of the daemon that holds `connection`; 0 if unknown.
static inline uint16_t notebook_mhd_connection_port(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_DAEMON);
    return info == NULL ? 0 : notebook_mhd_port(info->daemon);
}

static inline enum MHD_Result notebook_mhd_count_host(void *count, enum MHD_ValueKind kind, const char *key, const char *value) {
    (void)kind;
    (void)value;
    if (key != NULL && strcasecmp(key, MHD_HTTP_HEADER_HOST) == 0) *(int *)count += 1;
    return MHD_YES;
}

/// The value of the request's `Host` header; NULL when it has none, or more than one (RFC 9112
/// asks for a 400 then: two Hosts could be read differently by two servers).
static inline const char *notebook_mhd_host(struct MHD_Connection *connection) {
    int count = 0;
    MHD_get_connection_values(connection, MHD_HEADER_KIND, notebook_mhd_count_host, &count);
    if (count != 1) return NULL;
    return MHD_lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_HOST);
}

/// A response of unknown length (sent chunked, or until the connection closes) whose body comes
/// from `reader` until it returns `notebook_mhd_end_of_stream()`; `release` is called once
/// libmicrohttpd is done with it. NULL when it cannot be created (then `release` is not called).
static inline struct MHD_Response *notebook_mhd_stream_response(
    MHD_ContentReaderCallback reader, void *context, MHD_ContentReaderFreeCallback release)
{
    return MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 1024, reader, context, release);
}

/// What a content reader returns at the regular end of its stream.
static inline ssize_t notebook_mhd_end_of_stream(void) {
    return MHD_CONTENT_READER_END_OF_STREAM;
}

/// A response whose body is `size` bytes at `bytes`, copied once into memory the response owns:
/// made once and queued on any number of connections, from any thread.
static inline struct MHD_Response *notebook_mhd_copied_response(size_t size, const void *bytes) {
    return MHD_create_response_from_buffer(size, (void *)bytes, MHD_RESPMEM_MUST_COPY);
}

/// Slots for responses made on first use, shared by every thread of the server.
typedef struct notebook_response_slots notebook_response_slots;
struct notebook_response_slots {
    size_t count;
    struct MHD_Response *_Atomic responses[];
};

/// `count` empty slots; NULL when out of memory.
static inline notebook_response_slots *notebook_response_slots_new(size_t count) {
    notebook_response_slots *slots = calloc(1, sizeof(notebook_response_slots) + count * sizeof(struct MHD_Response *));
    if (slots != NULL) slots->count = count;
    return slots;
}

/// The response in slot `index`, or NULL while it has none.
static inline struct MHD_Response *notebook_response_slot(notebook_response_slots *slots, size_t index) {
    return atomic_load_explicit(&slots->responses[index], memory_order_acquire);
}

/// Puts `response` in the empty slot `index` and returns it; when another thread filled the slot
/// first, destroys `response` and returns the other thread's.
static inline struct MHD_Response *notebook_response_offer(
    notebook_response_slots *slots, size_t index, struct MHD_Response *response)
{
    struct MHD_Response *expected = NULL;
    if (atomic_compare_exchange_strong_explicit(
            &slots->responses[index], &expected, response, memory_order_acq_rel, memory_order_acquire)) {
        return response;
    }
    MHD_destroy_response(response);
    return expected;
}

/// Destroys the responses in the slots (each freed once no connection still sends it) and the slots.
static inline void notebook_response_slots_free(notebook_response_slots *slots) {
    for (size_t index = 0; index < slots->count; index++) {
        struct MHD_Response *response = atomic_load_explicit(&slots->responses[index], memory_order_acquire);
        if (response != NULL) MHD_destroy_response(response);
    }
    free(slots);
}

#endif
