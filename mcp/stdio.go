package mcp

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// The stdio transport: golem's own loop around mcp-go's
// MCPServer.HandleMessage. Each request is answered on the goroutine that
// read it, while a new goroutine reads the next line, so a call's path from
// its line to its answer crosses no goroutine (mcp-go's StdioServer hands
// each line through three, each a wake-up of another thread: it added
// about 0.1 ms to a round trip). Calls still run concurrently, a
// notifications/cancelled reaches a running call, and calls within a
// session keep their arrival order (order.go).

// maxStdioCalls bounds the calls of one stdio connection answered at once;
// past it the reading waits (mcp-go's stdio server queued 100 calls for
// five workers, then answered the next one itself before reading on).
const maxStdioCalls = 128

// stdioConn is one client connection over a pair of streams.
type stdioConn struct {
	srv  *Server
	out  io.Writer
	wmu  sync.Mutex // one message per write
	sess *stdioSession
	seq  uint64     // tools/call requests read so far (read by one goroutine at a time)
	done chan error // the reading ended, with why
	// slots holds one token per call being answered (maxStdioCalls).
	slots chan struct{}
	// idle hands the reading to a goroutine that has answered a call and
	// waits for the next (at most maxIdleReaders wait): it keeps the stack
	// that answering grew, which a new goroutine grows again, copying it
	// several times (about a tenth of a call's CPU).
	idle  chan *bufio.Reader
	nidle atomic.Int32

	mu     sync.Mutex
	closed bool           // no request is taken on any more
	wg     sync.WaitGroup // requests being answered
}

// ServeStdio serves MCP over a stdio-style pair of streams until in ends
// (once every request read so far has been answered) or ctx is cancelled.
// Only JSON-RPC messages are written to out: Lisp output is always
// captured.
func (s *Server) ServeStdio(ctx context.Context, in io.Reader, out io.Writer) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	c := &stdioConn{srv: s, out: out, done: make(chan error, 1),
		slots: make(chan struct{}, maxStdioCalls), idle: make(chan *bufio.Reader)}
	c.sess = newStdioSession(c)
	if err := s.mcp.RegisterSession(ctx, c.sess); err != nil {
		return fmt.Errorf("register session: %w", err)
	}
	defer s.mcp.UnregisterSession(context.WithoutCancel(ctx), c.sess.SessionID())
	ctx = s.mcp.WithContext(ctx, c.sess)
	go c.notify(ctx)
	go c.read(ctx, bufio.NewReader(in))
	var err error
	select {
	case err = <-c.done:
		// A client that writes its requests and closes its input expects
		// the answers (each evaluation is bounded by its time limit). Every
		// call read before the end was counted in wg before the reading
		// went on, and lines that are not calls were answered in turn.
		calls := make(chan struct{})
		go func() { c.wg.Wait(); close(calls) }()
		select {
		case <-calls:
		case <-ctx.Done():
		}
	case <-ctx.Done():
		err = ctx.Err()
	}
	c.mu.Lock()
	c.closed = true
	c.mu.Unlock()
	cancel()
	c.wg.Wait()
	if errors.Is(err, io.EOF) || errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}

// maxIdleReaders bounds the goroutines of a stdio connection waiting to
// read again after answering a call.
const maxIdleReaders = 4

// read reads lines from r and answers them until r ends. A request is
// answered here, after another goroutine has taken over the reading; then
// this goroutine waits to take the reading over again.
func (c *stdioConn) read(ctx context.Context, r *bufio.Reader) {
	for {
		line, err := r.ReadBytes('\n')
		if err != nil {
			// A last line without a newline is not a message.
			c.done <- err
			return
		}
		line = line[:len(line)-1]
		if c.sess.routeResponse(line) {
			continue
		}
		valid := json.Valid(line) // once, for requestKind and handle
		method, call := requestKindValid(line, valid)
		hctx := ctx
		if method == string(mcpgo.MethodToolsCall) {
			c.seq++
			hctx = withCallSeq(ctx, c.seq)
		}
		if !call {
			// Notifications and lines that are not requests are quick:
			// handled in order, before the next line is read.
			if !c.begin() {
				return
			}
			c.handleValid(hctx, line, valid)
			c.wg.Done()
			continue
		}
		// At most maxStdioCalls calls at once: past that the reading waits
		// for one to end, so a client cannot pile up goroutines.
		select {
		case c.slots <- struct{}{}:
		case <-ctx.Done():
			return
		}
		if !c.begin() {
			<-c.slots
			return
		}
		select {
		case c.idle <- r: // a goroutine waiting in awaitReading reads on
		default:
			go c.read(ctx, r)
		}
		c.handleValid(hctx, line, valid)
		<-c.slots
		c.wg.Done()
		if r = c.awaitReading(ctx); r == nil {
			return
		}
	}
}

// begin counts a message about to be answered in wg, or reports false
// once the connection is closed: nothing is answered after ServeStdio
// returns.
func (c *stdioConn) begin() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return false
	}
	c.wg.Add(1)
	return true
}

// awaitReading waits until this goroutine is to read again, and returns
// the reader, or nil when enough goroutines wait already or ctx ends.
func (c *stdioConn) awaitReading(ctx context.Context) *bufio.Reader {
	defer c.nidle.Add(-1)
	if c.nidle.Add(1) > maxIdleReaders {
		return nil
	}
	select {
	case r := <-c.idle:
		return r
	case <-ctx.Done():
		return nil
	}
}

// handle answers one message, as mcp-go's stdio server does: a line that
// is not JSON gets a parse error, a handler's panic an internal error.
func (c *stdioConn) handle(ctx context.Context, line []byte) {
	c.handleValid(ctx, line, json.Valid(line))
}

// handleValid is handle of a line whose validity as JSON (json.Valid) is
// known.
func (c *stdioConn) handleValid(ctx context.Context, line []byte, valid bool) {
	// A numbered call that never reached a tool handler (an unknown tool,
	// invalid arguments) must not hold the later calls back (order.go).
	defer c.srv.order.admit(callSeq(ctx))
	if !valid {
		c.write(mcpgo.JSONRPCError{JSONRPC: mcpgo.JSONRPC_VERSION, ID: mcpgo.NewRequestId(nil),
			Error: mcpgo.NewJSONRPCErrorDetails(mcpgo.PARSE_ERROR, "Parse error", nil)})
		return
	}
	resp := func() (resp mcpgo.JSONRPCMessage) {
		defer func() {
			if r := recover(); r != nil {
				c.srv.log.Printf("panic recovered in stdio message handler: %v", r)
				var h struct {
					ID any `json:"id"`
				}
				if json.Unmarshal(line, &h) == nil && h.ID != nil {
					resp = mcpgo.JSONRPCError{JSONRPC: mcpgo.JSONRPC_VERSION, ID: mcpgo.NewRequestId(h.ID),
						Error: mcpgo.NewJSONRPCErrorDetails(mcpgo.INTERNAL_ERROR, fmt.Sprintf("internal panic: %v", r), nil)}
				}
			}
		}()
		return c.srv.mcp.HandleMessage(ctx, line)
	}()
	if resp == nil {
		return
	}
	if line, ok := appendToolResponse(make([]byte, 0, 512), resp); ok {
		c.writeRaw(append(line, '\n'))
		return
	}
	c.write(resp)
}

// write sends one message (a line) to the client.
func (c *stdioConn) write(msg any) {
	b, err := json.Marshal(msg)
	if err != nil {
		c.srv.log.Printf("stdio: %v", err)
		return
	}
	c.writeLine(b)
}

// writeLine sends the encoded message b.
func (c *stdioConn) writeLine(b []byte) {
	c.writeRaw(append(rewriteWire(b), '\n'))
}

// writeRaw sends line, a message as the client is to read it, with its
// newline.
func (c *stdioConn) writeRaw(line []byte) {
	c.wmu.Lock()
	_, err := c.out.Write(line)
	c.wmu.Unlock()
	if err != nil {
		c.srv.log.Printf("stdio: writing a message: %v", err)
	}
}

// notify writes the session's notifications until ctx ends.
func (c *stdioConn) notify(ctx context.Context) {
	for {
		select {
		case n := <-c.sess.notifications:
			c.write(n)
		case <-ctx.Done():
			return
		}
	}
}

// stdioSession is the one client session of a stdio connection, as
// mcp-go's session interfaces describe one: client info, logging level and
// requests to the client (elicitation).
type stdioSession struct {
	conn          *stdioConn
	notifications chan mcpgo.JSONRPCNotification
	initialized   atomic.Bool
	logLevel      atomic.Value // mcpgo.LoggingLevel

	mu         sync.Mutex
	clientInfo mcpgo.Implementation
	clientCaps mcpgo.ClientCapabilities

	nextID   atomic.Int64
	npending atomic.Int32 // len(pending), read without the lock
	pending  map[int64]chan json.RawMessage
}

var (
	_ server.SessionWithLogging     = (*stdioSession)(nil)
	_ server.SessionWithClientInfo  = (*stdioSession)(nil)
	_ server.SessionWithElicitation = (*stdioSession)(nil)
)

func newStdioSession(c *stdioConn) *stdioSession {
	return &stdioSession{conn: c, notifications: make(chan mcpgo.JSONRPCNotification, 100),
		pending: map[int64]chan json.RawMessage{}}
}

// SessionID names the stdio session as mcp-go's stdio server does.
func (s *stdioSession) SessionID() string { return "stdio" }

// NotificationChannel is where the server sends notifications.
func (s *stdioSession) NotificationChannel() chan<- mcpgo.JSONRPCNotification {
	return s.notifications
}

// Initialize marks the session initialized.
func (s *stdioSession) Initialize() {
	s.logLevel.Store(mcpgo.LoggingLevelError)
	s.initialized.Store(true)
}

// Initialized reports whether the client has initialized the session.
func (s *stdioSession) Initialized() bool { return s.initialized.Load() }

// SetLogLevel sets the lowest level of log messages sent.
func (s *stdioSession) SetLogLevel(level mcpgo.LoggingLevel) { s.logLevel.Store(level) }

// GetLogLevel returns the lowest level of log messages sent.
func (s *stdioSession) GetLogLevel() mcpgo.LoggingLevel {
	if l, ok := s.logLevel.Load().(mcpgo.LoggingLevel); ok {
		return l
	}
	return mcpgo.LoggingLevelError
}

// GetClientInfo returns what the client said of itself in initialize.
func (s *stdioSession) GetClientInfo() mcpgo.Implementation {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.clientInfo
}

// SetClientInfo records what the client said of itself.
func (s *stdioSession) SetClientInfo(info mcpgo.Implementation) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.clientInfo = info
}

// GetClientCapabilities returns the client's capabilities.
func (s *stdioSession) GetClientCapabilities() mcpgo.ClientCapabilities {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.clientCaps
}

// SetClientCapabilities records the client's capabilities.
func (s *stdioSession) SetClientCapabilities(caps mcpgo.ClientCapabilities) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.clientCaps = caps
}

// RequestElicitation asks the client for input and waits for its answer.
func (s *stdioSession) RequestElicitation(ctx context.Context, request mcpgo.ElicitationRequest) (*mcpgo.ElicitationResult, error) {
	raw, err := s.request(ctx, string(mcpgo.MethodElicitationCreate), request.Params)
	if err != nil {
		return nil, fmt.Errorf("elicitation request failed: %w", err)
	}
	var res mcpgo.ElicitationResult
	if err := json.Unmarshal(raw, &res); err != nil {
		return nil, fmt.Errorf("failed to unmarshal elicitation response: %w", err)
	}
	return &res, nil
}

// request sends a request to the client and returns the result of its
// response.
func (s *stdioSession) request(ctx context.Context, method string, params any) (json.RawMessage, error) {
	id := s.nextID.Add(1)
	ch := make(chan json.RawMessage, 1)
	s.mu.Lock()
	s.pending[id] = ch
	s.npending.Store(int32(len(s.pending)))
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.pending, id)
		s.npending.Store(int32(len(s.pending)))
		s.mu.Unlock()
	}()
	b, err := json.Marshal(struct {
		JSONRPC string `json:"jsonrpc"`
		ID      int64  `json:"id"`
		Method  string `json:"method"`
		Params  any    `json:"params"`
	}{mcpgo.JSONRPC_VERSION, id, method, params})
	if err != nil {
		return nil, err
	}
	s.conn.wmu.Lock()
	_, err = s.conn.out.Write(append(b, '\n'))
	s.conn.wmu.Unlock()
	if err != nil {
		return nil, err
	}
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case resp := <-ch:
		var r struct {
			Result json.RawMessage `json:"result"`
			Error  *struct {
				Message string `json:"message"`
			} `json:"error"`
		}
		if err := json.Unmarshal(resp, &r); err != nil {
			return nil, err
		}
		if r.Error != nil {
			return nil, errors.New(r.Error.Message)
		}
		return r.Result, nil
	}
}

// routeResponse hands line to the request it answers, if it is the
// client's response to one of ours.
func (s *stdioSession) routeResponse(line []byte) bool {
	if s.npending.Load() == 0 {
		return false
	}
	var r struct {
		ID     json.Number     `json:"id"`
		Method *string         `json:"method"`
		Result json.RawMessage `json:"result"`
		Error  json.RawMessage `json:"error"`
	}
	if json.Unmarshal(line, &r) != nil || r.Method != nil || r.Result == nil && r.Error == nil {
		return false
	}
	id, err := r.ID.Int64()
	if err != nil {
		return false
	}
	s.mu.Lock()
	ch, ok := s.pending[id]
	s.mu.Unlock()
	if !ok {
		return false
	}
	select {
	case ch <- append(json.RawMessage(nil), line...):
	default:
	}
	return true
}
