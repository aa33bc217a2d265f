// Package mcp serves golem over the Model Context Protocol: a persistent
// Common Lisp session per MCP session, reached through the evaluate-lisp tool
// family, over stdio or streamable HTTP.
//
// A Server is embeddable: build one with NewServer, then serve it with
// ServeStdio, mount HTTPHandler on a mux, or run ListenAndServe.
package mcp

import (
	"context"
	"encoding/json"
	"io"
	"log"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/golem-lisp/golem"
	"github.com/golem-lisp/golem/qldist"
	"github.com/golem-lisp/golem/runtime"
)

// Default limits of the MCP server.
const (
	DefaultTimeout     = 30 * time.Second
	DefaultMaxArgBytes = 1 << 20
	DefaultIdleTimeout = 30 * time.Minute
	// DefaultMaxSessions is how many sessions a server holds at once unless
	// Options.MaxSessions says otherwise.
	DefaultMaxSessions = 256
)

// Profiles select the tool set a server exposes.
const (
	// ProfileSession is the default profile: persistent sessions and the
	// evaluate-lisp tool family.
	ProfileSession = "session"
	// ProfileOneshot exposes the single lisp_eval tool, which runs every
	// program in a fresh session.
	ProfileOneshot = "oneshot"
)

// Options configure a Server. The zero value is a usable default.
type Options struct {
	// Limits bound every evaluation, as in golem.Limits: a zero field takes
	// the default (Timeout: DefaultTimeout; the others golem's), a negative
	// one (golem.NoLimit) lifts the limit where it can be lifted.
	Limits golem.Limits
	// MaxHeap is the ceiling on the live heap of all sessions together
	// (zero or negative: DefaultHeapFactor × Limits.MaxMemory, or × 1 GiB
	// when MaxMemory is lifted): near it, the
	// evaluation that allocated most since the last collection gets a
	// STORAGE-CONDITION. Ignored when Governor is set.
	MaxHeap int64
	// Governor shares memory among the sessions; nil: NewServer makes one
	// with the MaxHeap ceiling. The server never sets the process's Go
	// memory limit: its owner may, with Governor.SetProcessLimit.
	Governor *runtime.Governor
	// MaxArgBytes refuses tool calls whose arguments, encoded as JSON, are
	// larger (zero or negative: DefaultMaxArgBytes; it cannot be lifted).
	MaxArgBytes int
	// SystemDirs are searched by load-system for NAME.asd, after the call's
	// own path and before the working directory.
	SystemDirs []string
	// QuicklispDist is the http or https URL of a Quicklisp dist's
	// distinfo.txt. When set, a system found nowhere else is downloaded
	// from that dist (its release checked against the dist's index and
	// unpacked into QuicklispCache) and loaded; dependencies resolve the
	// same way. Empty (the default): nothing is downloaded.
	QuicklispDist string
	// QuicklispCache is the directory releases from QuicklispDist are
	// unpacked into, as <dist-name>/software/<prefix>/ (default
	// golem/quicklisp under the user's cache directory).
	QuicklispCache string
	// AllowRead and AllowWrite are directories Lisp code may read, or read
	// and write, files in; everything else stays closed by the sandbox.
	AllowRead, AllowWrite []string
	// AllowDangerous runs Lisp-defined tools marked :dangerous without
	// asking the client for approval.
	AllowDangerous bool
	// IdleTimeout expires HTTP and named sessions that have not been used
	// for that long, discarding their interpreters (default
	// DefaultIdleTimeout; negative: never). It only applies while the server
	// serves HTTP. The CLI sets it with --session-idle.
	IdleTimeout time.Duration
	// DebugTimeout stops an evaluation suspended by the debugger
	// (evaluate-lisp's `debug`) that gets no call for that long (default
	// golem.DefaultDebugTimeout). The CLI sets it with --debug-timeout.
	DebugTimeout time.Duration
	// MaxSessions bounds the sessions the server holds at once: HTTP
	// sessions (counted from initialize, before their first call) and Lisp
	// sessions of any other kind (named, the shared default, stdio). A new
	// session beyond it is refused with an error saying the server is full;
	// existing sessions are unaffected. Zero means DefaultMaxSessions,
	// negative means no limit.
	MaxSessions int
	// AllowSharedTools lets golem:define-tool run for clients without an MCP
	// session of their own (the stateless protocol revision), whose tools
	// would be listed to, and callable by, every such client. Without it
	// define-tool is refused there.
	AllowSharedTools bool
	// Tools are extra tools defined in Go, offered next to the built-in ones.
	Tools []Tool
	// Setup, when set, runs for every new session interpreter (as
	// golem.Options.Setup, including after reset-session), to add Go
	// functions (Define) or globals (Set) to the sessions. The interpreter
	// is sandboxed like every session's. If it returns an error, the
	// session's evaluations fail with that error.
	Setup func(*golem.Interpreter) error
	// Profile is ProfileSession (the default when empty) or ProfileOneshot.
	Profile string
	// Logger receives diagnostics (default: discarded).
	Logger *log.Logger
	// Instructions are sent to clients at initialization (default: a short
	// description of the tools and of what the sandbox allows).
	Instructions string
}

// Tool is a tool defined in Go. Its handler runs with the calling session
// locked, so it may use the session's interpreter freely. Tools get the
// optional `session` argument like the built-in ones.
type Tool struct {
	Tool    mcpgo.Tool
	Handler func(ctx context.Context, s *Session, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error)
}

// Server is a golem MCP server: a set of Lisp sessions behind an mcp-go
// server.
type Server struct {
	opts Options
	mcp  *server.MCPServer
	log  *log.Logger

	mu       sync.Mutex
	sessions map[string]*Session
	closed   bool

	lispMu    sync.Mutex
	lispTools map[string]map[string]*lispTool // connection -> name -> tool

	httpMode atomic.Bool
	ids      *sessionIDs
	stop     chan struct{}
	// order admits tool calls to their sessions in arrival order.
	order    *arrivalOrder
	stopOnce sync.Once

	// quicklisp downloads systems from Options.QuicklispDist (nil when
	// unset); one per server, so that the dist's indexes are read once.
	quicklisp *qldist.Client
}

// DefaultHeapFactor sets the default heap ceiling of a server: this many
// times the per-evaluation memory limit.
const DefaultHeapFactor = 3

// NewServer builds a server with the given options.
func NewServer(opts Options) *Server {
	if opts.Limits.Timeout == 0 {
		opts.Limits.Timeout = DefaultTimeout
	}
	if opts.MaxArgBytes <= 0 {
		opts.MaxArgBytes = DefaultMaxArgBytes
	}
	if opts.IdleTimeout == 0 {
		opts.IdleTimeout = DefaultIdleTimeout
	}
	if opts.MaxSessions == 0 {
		opts.MaxSessions = DefaultMaxSessions
	}
	if opts.Profile == "" {
		opts.Profile = ProfileSession
	}
	if opts.QuicklispDist != "" && opts.QuicklispCache == "" {
		opts.QuicklispCache, _ = qldist.DefaultCacheDir() // none: fetching says so
	}
	if opts.Governor == nil {
		if opts.MaxHeap <= 0 {
			mem := opts.Limits.MaxMemory
			if mem <= 0 {
				mem = golem.DefaultMaxMemory
			}
			opts.MaxHeap = DefaultHeapFactor * mem
		}
		opts.Governor = runtime.NewGovernor(opts.MaxHeap)
	}
	opts.MaxHeap = opts.Governor.Ceiling()
	s := &Server{
		opts:      opts,
		log:       opts.Logger,
		sessions:  map[string]*Session{},
		lispTools: map[string]map[string]*lispTool{},
		stop:      make(chan struct{}),
		order:     newArrivalOrder(),
		quicklisp: newQuicklisp(opts),
	}
	if s.log == nil {
		s.log = log.New(io.Discard, "", 0)
	}
	s.ids = newSessionIDs(s)
	hooks := &server.Hooks{}
	hooks.AddOnUnregisterSession(func(ctx context.Context, cs server.ClientSession) {
		s.dropSession(transportKey(cs.SessionID()))
		s.dropConnTools(transportKey(cs.SessionID()))
	})
	instructions := opts.Instructions
	if instructions == "" {
		instructions = s.instructions()
	}
	serverOpts := []server.ServerOption{
		server.WithToolCapabilities(true),
		server.WithLogging(),
		server.WithRecovery(),
		server.WithHooks(hooks),
		server.WithInstructions(instructions),
		server.WithPromptCapabilities(false),
		server.WithToolHandlerMiddleware(s.orderMiddleware),
	}
	if opts.Profile != ProfileOneshot {
		serverOpts = append(serverOpts, s.setupLispTools(hooks)...)
	}
	s.mcp = server.NewMCPServer("golem", golem.Version, serverOpts...)
	if opts.Profile == ProfileOneshot {
		s.addOneshotTools()
	} else {
		s.addSessionTools()
		s.addDispatchTool()
		s.addUsageGuide()
	}
	for _, t := range opts.Tools {
		s.addGoTool(t)
	}
	return s
}

// MCPServer returns the underlying mcp-go server, for custom transports. A
// custom transport should pass each message it writes through
// RewriteMessage, as golem's own transports do, so that clients get the
// contracts' wording (-32602 for invalid arguments, "isError": false).
func (s *Server) MCPServer() *server.MCPServer { return s.mcp }

// Options returns the options the server runs with, defaults filled in.
func (s *Server) Options() Options { return s.opts }

// Close interrupts every running evaluation and discards all sessions.
func (s *Server) Close() {
	s.stopOnce.Do(func() { close(s.stop) })
	s.mu.Lock()
	s.closed = true
	all := s.sessions
	s.sessions = map[string]*Session{}
	s.mu.Unlock()
	for _, sess := range all {
		sess.interrupt("server shutting down")
	}
}

// InterruptAll interrupts the running evaluation of every session, keeping
// the sessions.
func (s *Server) InterruptAll(reason string) {
	for _, sess := range s.snapshot() {
		sess.interrupt(reason)
	}
}

// SessionCount returns the number of live Lisp sessions.
func (s *Server) SessionCount() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.sessions)
}

func (s *Server) snapshot() []*Session {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]*Session, 0, len(s.sessions))
	for _, sess := range s.sessions {
		out = append(out, sess)
	}
	return out
}

// Session keys: a transport session, a session named by the `session`
// argument, or the shared default for transports without sessions.
func transportKey(id string) string { return "mcp:" + id }
func namedKey(name string) string   { return "named:" + name }

const defaultKey = "default"

// session returns the Lisp session for key, creating it on first use, or
// nil when creating it would exceed Options.MaxSessions.
func (s *Server) session(key string) *Session {
	s.mu.Lock()
	defer s.mu.Unlock()
	if sess, ok := s.sessions[key]; ok {
		return sess
	}
	if s.opts.MaxSessions > 0 && !s.ids.holdsSlot(key) && s.occupiedLocked() >= s.opts.MaxSessions {
		s.log.Printf("session %s refused: the server is full (%d sessions)", key, s.opts.MaxSessions)
		return nil
	}
	sess := newSession(s, key)
	if !s.closed {
		s.sessions[key] = sess
	}
	return sess
}

// occupiedLocked counts the session slots in use: live HTTP session ids
// (whether or not they have a Lisp session yet), HTTP initializations
// admitted but not yet given an id, and every other Lisp session. The
// caller holds s.mu.
func (s *Server) occupiedLocked() int {
	return s.ids.occupied(s.sessions)
}

// serverFullMessage explains a refused session.
func (s *Server) serverFullMessage() string {
	return "The server is full: it holds " + itoa(s.opts.MaxSessions) + " sessions, the most its --max-sessions " +
		"allows. End a session you no longer need (or wait for idle sessions to expire) and try again."
}

// dropSession discards a session, interrupting it if it is running, and
// forgets the tools it defined, so that nothing keeps its interpreter.
func (s *Server) dropSession(key string) {
	s.mu.Lock()
	sess, ok := s.sessions[key]
	delete(s.sessions, key)
	s.mu.Unlock()
	if ok {
		sess.interrupt("session closed")
		s.dropSessionTools(sess)
	}
}

// sessionKey picks the Lisp session of a call: the `session` argument, else
// the transport session, else the shared default.
func sessionKey(ctx context.Context, args map[string]any) (string, *mcpgo.CallToolResult) {
	if v, ok := args["session"]; ok && v != nil {
		name, isStr := v.(string)
		if !isStr {
			return "", argsError("The `session` argument must be a string naming a Lisp session.")
		}
		if name = strings.TrimSpace(name); name != "" {
			return namedKey(name), nil
		}
	}
	if cs := server.ClientSessionFromContext(ctx); cs != nil && cs.SessionID() != "" {
		return transportKey(cs.SessionID()), nil
	}
	return defaultKey, nil
}

// handler wraps a session tool: it checks the argument size, resolves and
// locks the session, and runs fn.
func (s *Server) handler(name string, fn func(ctx context.Context, sess *Session, req mcpgo.CallToolRequest, args map[string]any) *mcpgo.CallToolResult) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		args := req.GetArguments()
		if res := s.checkSize(name, req, args); res != nil {
			return res, nil
		}
		key, res := sessionKey(ctx, args)
		if res != nil {
			// A `session` that is not a string: no session to record it in.
			return nil, &invalidParams{msg: "Invalid arguments for " + name + ": " + resultText(res)}
		}
		sess := s.session(key)
		if sess == nil {
			return errorResult("[ERROR] GOLEM:SERVER-FULL\n"+s.serverFullMessage(), "runtime_error", "GOLEM:SERVER-FULL"), nil
		}
		if name == "reset-session" {
			// Starting over stops what runs now instead of waiting for it.
			sess.interrupt("the session was reset")
		}
		if !sess.lock(ctx) {
			return errorResult("[ERROR] GOLEM:INTERRUPTED\nThe call was cancelled before it started.", "timeout", "GOLEM:INTERRUPTED"), nil
		}
		defer sess.unlock()
		if err := s.argumentError(ctx, name, req, sess); err != nil {
			return nil, err
		}
		before := sess.lastErr
		res = fn(ctx, sess, req, args)
		sess.completeResult(res, before)
		return res, nil
	}
}

// checkSize refuses arguments over the configured size.
func (s *Server) checkSize(name string, req mcpgo.CallToolRequest, args map[string]any) *mcpgo.CallToolResult {
	n := len(req.Params.RawArguments)
	if n == 0 && len(args) > 0 {
		if b, err := json.Marshal(args); err == nil {
			n = len(b)
		}
	}
	if n > s.opts.MaxArgBytes {
		return argsError(name + " arguments are too large: " + itoa(n) + " bytes, the limit is " +
			itoa(s.opts.MaxArgBytes) + " bytes.")
	}
	return nil
}

// addGoTool registers an embedder's tool, adding the `session` argument.
func (s *Server) addGoTool(t Tool) {
	tool := t.Tool
	if tool.InputSchema.Properties == nil {
		tool.InputSchema.Properties = map[string]any{}
	}
	if _, ok := tool.InputSchema.Properties["session"]; !ok && tool.RawInputSchema == nil {
		tool.InputSchema.Properties["session"] = sessionProperty()
	}
	h := t.Handler
	s.mcp.AddTool(tool, s.handler(tool.Name, func(ctx context.Context, sess *Session, req mcpgo.CallToolRequest, _ map[string]any) *mcpgo.CallToolResult {
		res, err := h(ctx, sess, req)
		if err != nil {
			return errorResult("[ERROR] "+tool.Name+"\n"+err.Error(), "runtime_error", "")
		}
		if res == nil {
			return textResult("")
		}
		return res
	}))
}

// ToolNames returns the names of the tools the server offers to every
// session, sorted.
func (s *Server) ToolNames() []string {
	var names []string
	for name := range s.mcp.ListTools() {
		if name != dispatchTool {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names
}

// --- results ---

func textResult(text string) *mcpgo.CallToolResult {
	return &mcpgo.CallToolResult{Content: []mcpgo.Content{mcpgo.NewTextContent(text)}}
}

// errorResult is an isError result with the {reason, condition} structured
// content every error response carries.
func errorResult(text, reason, condition string) *mcpgo.CallToolResult {
	var cond any
	if condition != "" {
		cond = condition
	}
	return &mcpgo.CallToolResult{
		Content:           []mcpgo.Content{mcpgo.NewTextContent(text)},
		StructuredContent: map[string]any{"reason": reason, "condition": cond},
		IsError:           true,
	}
}

func argsError(msg string) *mcpgo.CallToolResult { return errorResult(msg, "args_error", "") }

func itoa(n int) string { return strconv.Itoa(n) }
