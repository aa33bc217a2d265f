package mcp

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/server"
)

// --- unknown tools ---

// mcp-go answers a call to an unknown tool with the message "tool 'NAME' not
// found: tool not found"; the tool contract says "Unknown tool: NAME". The
// transports rewrite that message on the way out. A JSON string cannot
// contain a raw quote, so the pattern can only match the error's message
// member, never text inside a tool result.
var unknownToolRE = sync.OnceValue(func() *regexp.Regexp { // compiled when first used, not at every start
	return regexp.MustCompile(`"message":"tool '((?:[^"\\]|\\.)*?)' not found: tool not found"`)
})

var unknownToolMarker = []byte("not found: tool not found")

func rewriteUnknownTool(b []byte) []byte {
	if !bytes.Contains(b, unknownToolMarker) {
		return b
	}
	return unknownToolRE().ReplaceAll(b, []byte(`"message":"Unknown tool: $1"`))
}

// --- stdio ---

// The stdio transport is in stdio.go.

// rpcHeader is the part of a JSON-RPC message that tells requests (method and
// id), responses (id, no method) and notifications (no id) apart.
type rpcHeader struct {
	ID     json.RawMessage `json:"id"`
	Method *string         `json:"method"`
}

// requestKind tells the lines read from the client apart: method is the
// method of a request ("" when line is not a request) and call says
// whether it has a non-null id (it gets an answer, and may take long)
// rather than being a notification.
func requestKind(line []byte) (method string, call bool) {
	return requestKindValid(line, json.Valid(line))
}

// requestKindValid is requestKind of a line whose validity as JSON
// (json.Valid) is known.
func requestKindValid(line []byte, valid bool) (method string, call bool) {
	id, method, isRequest, ok := requestHeaderValid(line, valid)
	if !ok {
		var h rpcHeader
		if json.Unmarshal(line, &h) != nil || h.Method == nil {
			return "", false
		}
		id, method, isRequest = h.ID, *h.Method, true
	}
	if !isRequest {
		return "", false
	}
	id = bytes.TrimSpace(id)
	return method, len(id) > 0 && string(id) != "null"
}

// --- HTTP ---

// HTTPOptions configure the streamable HTTP transport.
type HTTPOptions struct {
	// Token, when set, must be sent as "Authorization: Bearer TOKEN" on
	// every MCP request.
	Token string
	// AllowedOrigins are Origin values accepted besides loopback origins
	// (http://localhost:PORT and the like), e.g. "https://app.example".
	AllowedOrigins []string
	// AllowedHosts are Host header values (with or without port) accepted
	// besides loopback names; needed when serving on a non-loopback address.
	AllowedHosts []string
	// ShutdownGrace is how long ListenAndServe lets running evaluations
	// finish on shutdown before interrupting them (default 5s).
	ShutdownGrace time.Duration

	// The bounds below apply to ListenAndServe; an embedder mounting
	// HTTPHandler sets them on its own http.Server. Zero means the default,
	// negative means none.

	// ReadHeaderTimeout bounds reading a request's headers (default
	// DefaultReadHeaderTimeout).
	ReadHeaderTimeout time.Duration
	// ReadTimeout bounds reading a whole request, body included, so that a
	// body sent a byte at a time is cut off (default DefaultReadTimeout). It
	// does not bound the evaluation that follows.
	ReadTimeout time.Duration
	// IdleTimeout closes a keep-alive connection that waits this long for
	// its next request (default DefaultConnIdleTimeout).
	IdleTimeout time.Duration
	// MaxConns caps the open connections; one more is answered 503 and
	// closed (default DefaultMaxConns).
	MaxConns int
	// WriteTimeout bounds each write of a response, so that a client that
	// stops reading is cut off instead of holding its connection for ever
	// (default DefaultWriteTimeout). Unlike http.Server's WriteTimeout it
	// does not bound a long evaluation or notification stream. It applies
	// to HTTPHandler too.
	WriteTimeout time.Duration
}

// Default bounds of the HTTP transport (see HTTPOptions).
const (
	DefaultReadHeaderTimeout = 10 * time.Second
	DefaultReadTimeout       = 30 * time.Second
	DefaultConnIdleTimeout   = 60 * time.Second
	DefaultMaxConns          = 512
	DefaultWriteTimeout      = 30 * time.Second
)

// orDefault returns d for zero, 0 (none) for negative values, else v.
func orDefault[T int | time.Duration](v, d T) T {
	if v == 0 {
		return d
	}
	if v < 0 {
		return 0
	}
	return v
}

// HTTPHandler returns the HTTP handler of the server: MCP streamable HTTP at
// /mcp and GET /healthz, with Host and Origin checks against DNS rebinding
// and the optional bearer token. Each Mcp-Session-Id gets its own Lisp
// session; idle sessions expire after Options.IdleTimeout, and an
// initialize beyond Options.MaxSessions is answered 503. A request refused
// for its token, Host or Origin closes its connection.
func (s *Server) HTTPHandler(opts HTTPOptions) http.Handler {
	h, _ := s.httpHandler(opts)
	return h
}

func (s *Server) httpHandler(opts HTTPOptions) (http.Handler, func()) {
	if s.httpMode.CompareAndSwap(false, true) {
		go s.sweep()
	}
	streams, stopStreams := context.WithCancel(context.Background())
	mcpHandler := server.NewStreamableHTTPServer(s.mcp,
		server.WithEndpointPath("/mcp"),
		server.WithSessionIdManager(s.ids),
		// Checked below, with the configured extra hosts.
		server.WithDisableLocalhostProtection(true),
	)
	bodyLimit := int64(s.opts.MaxArgBytes)*2 + 1<<20
	writeTimeout := orDefault(opts.WriteTimeout, DefaultWriteTimeout)
	mux := http.NewServeMux()
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"status": "ok", "sessions": s.SessionCount()})
	})
	mux.HandleFunc("/mcp", func(w http.ResponseWriter, r *http.Request) {
		if opts.Token != "" && !validBearer(r, opts.Token) {
			// No keep-alive slot for a client without the token.
			w.Header().Set("Connection", "close")
			w.Header().Set("WWW-Authenticate", `Bearer realm="golem"`)
			http.Error(w, "unauthorized: a valid bearer token is required", http.StatusUnauthorized)
			return
		}
		if id := r.Header.Get(server.HeaderKeySessionID); id != "" {
			s.ids.touch(id)
		}
		if r.Body != nil {
			r.Body = http.MaxBytesReader(w, r.Body, bodyLimit)
		}
		if r.Method == http.MethodPost && r.Body != nil {
			body, err := io.ReadAll(r.Body)
			if isTimeout(err) {
				w.Header().Set("Connection", "close")
				http.Error(w, "request timeout: the request body was not received in time", http.StatusRequestTimeout)
				return
			}
			r.Body = io.NopCloser(&replayReader{data: body, err: err})
			if err == nil && isInitialize(body) {
				if !s.admitInit() {
					writeServerFull(w, body, s.serverFullMessage())
					return
				}
				defer s.ids.initDone()
			}
		}
		// The request is read: the server's ReadTimeout must not cut the
		// evaluation or the notification stream that follows (net/http
		// cancels the request when its read deadline passes).
		_ = http.NewResponseController(w).SetReadDeadline(time.Time{})
		if r.Method == http.MethodGet {
			// Long-lived notification streams end when shutdown begins, so
			// that graceful shutdown only waits for evaluations.
			ctx, cancel := mergeCancel(r.Context(), streams)
			defer cancel()
			r = r.WithContext(ctx)
		}
		mcpHandler.ServeHTTP(&rewriteResponseWriter{w: w, rc: http.NewResponseController(w), writeTimeout: writeTimeout}, r)
	})
	guard := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if writeTimeout > 0 {
			// A fresh deadline: the last one set on this connection may
			// have passed while it waited for this request.
			_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(writeTimeout))
		}
		if !hostAllowed(r, opts.AllowedHosts) {
			w.Header().Set("Connection", "close")
			http.Error(w, fmt.Sprintf("forbidden: Host %q is not allowed", r.Host), http.StatusForbidden)
			return
		}
		if origin := r.Header.Get("Origin"); origin != "" && !originAllowed(origin, opts.AllowedOrigins) {
			w.Header().Set("Connection", "close")
			http.Error(w, fmt.Sprintf("forbidden: Origin %q is not allowed", origin), http.StatusForbidden)
			return
		}
		mux.ServeHTTP(w, r)
	})
	return guard, stopStreams
}

// replayReader gives back a request body already read, then the error that
// ended the reading, if any (mcp-go reports it to the client).
type replayReader struct {
	data []byte
	err  error
}

func (r *replayReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		if r.err != nil {
			return 0, r.err
		}
		return 0, io.EOF
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	return n, nil
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// isInitialize reports whether a JSON-RPC message is an initialize request.
func isInitialize(body []byte) bool {
	if !bytes.Contains(body, []byte(`"initialize"`)) {
		return false
	}
	var h rpcHeader
	return json.Unmarshal(body, &h) == nil && h.Method != nil && *h.Method == "initialize"
}

// writeServerFull answers an initialize the server has no room for: HTTP 503
// with a JSON-RPC error, and the connection closed.
func writeServerFull(w http.ResponseWriter, body []byte, msg string) {
	var h rpcHeader
	_ = json.Unmarshal(body, &h)
	id := json.RawMessage("null")
	if len(h.ID) > 0 {
		id = h.ID
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Retry-After", "30")
	w.Header().Set("Connection", "close")
	w.WriteHeader(http.StatusServiceUnavailable)
	_ = json.NewEncoder(w).Encode(map[string]any{
		"jsonrpc": "2.0",
		"id":      id,
		"error":   map[string]any{"code": serverFullCode, "message": msg},
	})
}

// serverFullCode is the JSON-RPC error code of a refused initialize (in the
// range JSON-RPC leaves to implementations).
const serverFullCode = -32001

// mergeCancel returns a context ended by either parent or other.
func mergeCancel(parent, other context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(parent)
	stop := context.AfterFunc(other, cancel)
	return ctx, func() { stop(); cancel() }
}

func validBearer(r *http.Request, token string) bool {
	auth := r.Header.Get("Authorization")
	const prefix = "bearer "
	if len(auth) < len(prefix) || !strings.EqualFold(auth[:len(prefix)], prefix) {
		return false
	}
	got := strings.TrimSpace(auth[len(prefix):])
	return subtle.ConstantTimeCompare([]byte(got), []byte(token)) == 1
}

// isLoopbackName reports whether host (without port) names this machine's
// loopback interface.
func isLoopbackName(host string) bool {
	host = strings.Trim(host, "[]")
	if strings.EqualFold(host, "localhost") || strings.HasSuffix(strings.ToLower(host), ".localhost") {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.IsLoopback()
}

func splitHost(hostport string) string {
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		return h
	}
	return strings.Trim(hostport, "[]")
}

// hostAllowed guards against DNS rebinding: a request that reached a
// loopback listener must name a loopback host (or an allowed one). On other
// listeners, when allowed hosts are configured, the Host must be one of them.
func hostAllowed(r *http.Request, allowed []string) bool {
	host := splitHost(r.Host)
	for _, a := range allowed {
		if strings.EqualFold(a, r.Host) || strings.EqualFold(a, host) {
			return true
		}
	}
	if isLoopbackName(host) {
		return true
	}
	local, _ := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
	if local == nil {
		return len(allowed) == 0
	}
	if isLoopbackName(splitHost(local.String())) {
		return false
	}
	return len(allowed) == 0
}

// originAllowed accepts browser origins on loopback hosts and configured
// ones; any other site is refused.
func originAllowed(origin string, allowed []string) bool {
	for _, a := range allowed {
		if a == "*" || strings.EqualFold(strings.TrimRight(a, "/"), strings.TrimRight(origin, "/")) {
			return true
		}
	}
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return false
	}
	return isLoopbackName(u.Hostname())
}

// rewriteResponseWriter rewrites unknown-tool errors in MCP responses and
// keeps streaming working. Each write gets writeTimeout (if positive) to
// reach the client.
type rewriteResponseWriter struct {
	w            http.ResponseWriter
	rc           *http.ResponseController
	writeTimeout time.Duration
}

func (r *rewriteResponseWriter) deadline() {
	if r.writeTimeout > 0 {
		_ = r.rc.SetWriteDeadline(time.Now().Add(r.writeTimeout))
	}
}

func (r *rewriteResponseWriter) Header() http.Header         { return r.w.Header() }
func (r *rewriteResponseWriter) WriteHeader(status int)      { r.w.WriteHeader(status) }
func (r *rewriteResponseWriter) Unwrap() http.ResponseWriter { return r.w }

func (r *rewriteResponseWriter) Write(p []byte) (int, error) {
	r.deadline()
	if _, err := r.w.Write(rewriteWire(p)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush implements http.Flusher, needed for SSE streams.
func (r *rewriteResponseWriter) Flush() {
	r.deadline()
	if f, ok := r.w.(http.Flusher); ok {
		f.Flush()
	}
}

// ListenAndServe serves MCP over streamable HTTP on addr (e.g.
// "127.0.0.1:8080") until ctx is cancelled, then shuts down gracefully:
// new connections are refused, running evaluations get opts.ShutdownGrace
// to finish and are then interrupted. ready, when not nil, is called with
// the listening address once the server accepts connections.
func (s *Server) ListenAndServe(ctx context.Context, addr string, opts HTTPOptions, ready func(net.Addr)) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	if maxConns := orDefault(opts.MaxConns, DefaultMaxConns); maxConns > 0 {
		ln = newLimitListener(ln, maxConns, s.log)
	}
	handler, stopStreams := s.httpHandler(opts)
	hs := &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: orDefault(opts.ReadHeaderTimeout, DefaultReadHeaderTimeout),
		ReadTimeout:       orDefault(opts.ReadTimeout, DefaultReadTimeout),
		IdleTimeout:       orDefault(opts.IdleTimeout, DefaultConnIdleTimeout),
		ErrorLog:          s.log,
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	if ready != nil {
		ready(ln.Addr())
	}
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	grace := opts.ShutdownGrace
	if grace <= 0 {
		grace = 5 * time.Second
	}
	stopStreams()
	sctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil {
		// Evaluations still running: interrupt them, then give their
		// responses a moment to go out.
		s.InterruptAll("server shutting down")
		sctx2, cancel2 := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel2()
		if hs.Shutdown(sctx2) != nil {
			hs.Close()
		}
	}
	s.Close()
	return nil
}

// --- HTTP session ids and expiry ---

// sessionIDs issues and tracks Mcp-Session-Id values. Ending an id (DELETE
// or expiry) discards its Lisp session; a client that uses an ended id gets
// 404 and starts a new session, as the transport specifies.
type sessionIDs struct {
	srv     *Server
	mu      sync.Mutex
	live    map[string]time.Time // id -> last use
	ended   map[string]time.Time // id -> when it ended
	pending int                  // initializations admitted, not finished
}

// maxEnded bounds the ended ids remembered (for the "Session terminated"
// answer; a forgotten one is answered 404 all the same).
const maxEnded = 4096

// holdsSlot reports whether the Lisp session key belongs to a live HTTP
// session id, whose slot is counted already.
func (m *sessionIDs) holdsSlot(key string) bool {
	id, ok := strings.CutPrefix(key, "mcp:")
	if !ok {
		return false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	_, live := m.live[id]
	return live
}

// occupied counts the session slots in use given the Lisp sessions (see
// Server.occupiedLocked).
func (m *sessionIDs) occupied(sessions map[string]*Session) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.occupiedLocked(sessions)
}

func (m *sessionIDs) occupiedLocked(sessions map[string]*Session) int {
	n := len(m.live) + m.pending
	for key := range sessions {
		if id, ok := strings.CutPrefix(key, "mcp:"); ok {
			if _, live := m.live[id]; live {
				continue
			}
		}
		n++
	}
	return n
}

// admitInit reserves a slot for an HTTP initialize, or reports that the
// server is full. The reservation ends with initDone, by when the session
// id (if the initialize succeeded) holds the slot.
func (s *Server) admitInit() bool {
	if s.opts.MaxSessions <= 0 {
		s.ids.mu.Lock()
		s.ids.pending++
		s.ids.mu.Unlock()
		return true
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.ids
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.occupiedLocked(s.sessions) >= s.opts.MaxSessions {
		s.log.Printf("initialize refused: the server is full (%d sessions)", s.opts.MaxSessions)
		return false
	}
	m.pending++
	return true
}

func (m *sessionIDs) initDone() {
	m.mu.Lock()
	m.pending--
	m.mu.Unlock()
}

func newSessionIDs(srv *Server) *sessionIDs {
	return &sessionIDs{srv: srv, live: map[string]time.Time{}, ended: map[string]time.Time{}}
}

// Generate implements server.SessionIdManager.
func (m *sessionIDs) Generate() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	id := "golem-" + hex.EncodeToString(b[:])
	m.mu.Lock()
	m.live[id] = time.Now()
	m.mu.Unlock()
	return id
}

// Validate implements server.SessionIdManager.
func (m *sessionIDs) Validate(id string) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.ended[id]; ok {
		return true, nil
	}
	if _, ok := m.live[id]; !ok {
		return false, fmt.Errorf("unknown session id %q", id)
	}
	return false, nil
}

// Terminate implements server.SessionIdManager.
func (m *sessionIDs) Terminate(id string) (bool, error) {
	m.end(id)
	return false, nil
}

func (m *sessionIDs) touch(id string) {
	m.mu.Lock()
	if _, ok := m.live[id]; ok {
		m.live[id] = time.Now()
	}
	m.mu.Unlock()
}

func (m *sessionIDs) end(id string) {
	m.mu.Lock()
	_, ok := m.live[id]
	if ok {
		delete(m.live, id)
		if len(m.ended) >= maxEnded {
			for old := range m.ended {
				delete(m.ended, old)
				if len(m.ended) < maxEnded/2 {
					break
				}
			}
		}
		m.ended[id] = time.Now()
	}
	m.mu.Unlock()
	if ok {
		m.srv.dropSession(transportKey(id))
		m.srv.dropConnTools(transportKey(id))
		// mcp-go's record of the session goes too (a no-op when mcp-go
		// ends the session itself, on DELETE).
		m.srv.mcp.UnregisterSession(context.Background(), id)
	}
}

// sweep expires idle sessions while the server serves HTTP.
func (s *Server) sweep() {
	idle := s.opts.IdleTimeout
	if idle < 0 {
		return
	}
	every := idle / 4
	if every > time.Minute {
		every = time.Minute
	}
	if every < 10*time.Millisecond {
		every = 10 * time.Millisecond
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-s.stop:
			return
		case now := <-t.C:
			s.expireIdle(now, idle)
		}
	}
}

func (s *Server) expireIdle(now time.Time, idle time.Duration) {
	m := s.ids
	var expired []string
	m.mu.Lock()
	for id, last := range m.live {
		if now.Sub(last) > idle {
			expired = append(expired, id)
		}
	}
	for id, at := range m.ended {
		if now.Sub(at) > 24*time.Hour {
			delete(m.ended, id)
		}
	}
	m.mu.Unlock()
	for _, id := range expired {
		if sess := s.lookup(transportKey(id)); sess != nil && (sess.busy() || sess.idleFor(now) <= idle) {
			continue
		}
		s.log.Printf("session %s expired after %s idle", id, idle)
		m.end(id)
	}
	for _, sess := range s.snapshot() {
		if strings.HasPrefix(sess.key, "mcp:") || sess.busy() || sess.idleFor(now) <= idle {
			continue
		}
		s.log.Printf("session %s expired after %s idle", sess.key, idle)
		s.dropSession(sess.key)
	}
}

func (s *Server) lookup(key string) *Session {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sessions[key]
}

// --- connection cap ---

// limitListener accepts at most max connections at once; one more is
// answered 503 and closed at once, so that the server never runs out of
// file descriptors and a full server says so.
type limitListener struct {
	net.Listener
	sem chan struct{}
	log *log.Logger
}

func newLimitListener(ln net.Listener, max int, logger *log.Logger) net.Listener {
	return &limitListener{Listener: ln, sem: make(chan struct{}, max), log: logger}
}

const tooManyConns = "too many open connections: the server is at its connection limit, try again later\n"

var tooManyConnsResponse = []byte("HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n" +
	"Connection: close\r\nRetry-After: 5\r\nContent-Length: " + strconv.Itoa(len(tooManyConns)) + "\r\n\r\n" + tooManyConns)

// Accept implements net.Listener.
func (l *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		select {
		case l.sem <- struct{}{}:
			return &limitConn{Conn: c, release: func() { <-l.sem }}, nil
		default:
		}
		l.log.Printf("connection from %s refused: %d connections open", c.RemoteAddr(), cap(l.sem))
		// A fresh connection's send buffer takes this at once; the deadline
		// only guards against the improbable.
		_ = c.SetWriteDeadline(time.Now().Add(time.Second))
		_, _ = c.Write(tooManyConnsResponse)
		_ = c.Close()
	}
}

// limitConn gives its slot back when closed.
type limitConn struct {
	net.Conn
	once    sync.Once
	release func()
}

// Close implements net.Conn.
func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}
