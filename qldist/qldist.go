// Package qldist downloads releases from a Quicklisp dist and unpacks them
// into a cache directory laid out like a Quicklisp installation
// (CacheDir/<dist-name>/software/<prefix>/), so that a system loader can
// load a system golem does not have locally.
//
// A dist is described by its distinfo.txt (key: value lines naming the
// system and release indexes); systems.txt maps each system to its project,
// system file and dependencies; releases.txt gives each project's archive
// URL, size, MD5 digest and directory prefix. Every archive is checked
// against the index's size and MD5 before it is unpacked.
//
// Everything a dist serves is treated as hostile: downloads are bounded
// before and while they are read, only http and https URLs are followed,
// names used as directory names are checked, and unpacking refuses absolute
// or escaping paths, links, devices, and archives with too many files or too
// many bytes. The package depends on nothing of the interpreter.
package qldist

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// Default limits used when the corresponding Client field is zero.
const (
	// DefaultMaxArchiveBytes bounds the size of one release archive.
	DefaultMaxArchiveBytes = 64 << 20
	// DefaultMaxUnpackedBytes bounds the bytes of the files one archive
	// unpacks into.
	DefaultMaxUnpackedBytes = 512 << 20
	// DefaultMaxFiles bounds the entries (files and directories) of one
	// archive.
	DefaultMaxFiles = 20000
	// DefaultMaxIndexBytes bounds distinfo.txt, systems.txt and releases.txt.
	DefaultMaxIndexBytes = 32 << 20
	// DefaultTimeout bounds one HTTP request of the default HTTP client,
	// body included.
	DefaultTimeout = 10 * time.Minute
)

// ErrUnknownSystem is wrapped by the error of Fetch, SystemFile and
// Dependencies when the dist provides no system of that name.
var ErrUnknownSystem = errors.New("system not in the dist")

// Client fetches releases of one Quicklisp dist. Its zero limits take the
// package defaults. A Client caches the dist's indexes in memory after
// their first use (a dist update is seen by a new Client), and is safe for
// use by several goroutines at once. Copy a Client only before its first
// use.
type Client struct {
	// DistURL is the http or https URL of the dist's distinfo.txt, e.g.
	// a dist's subscription URL (…/dist/quicklisp.txt).
	DistURL string
	// CacheDir holds the unpacked releases, under <dist-name>/software/.
	CacheDir string
	// HTTP makes the requests; nil means a client with connection,
	// header and DefaultTimeout timeouts that follows at most 10
	// redirects, to http and https URLs only.
	HTTP *http.Client
	// MaxArchiveBytes bounds one release archive: an archive the index
	// says is larger is refused before it is requested, and a download
	// stops at the size the index gives.
	MaxArchiveBytes int64
	// MaxUnpackedBytes bounds the bytes one archive unpacks into.
	MaxUnpackedBytes int64
	// MaxFiles bounds the entries of one archive.
	MaxFiles int
	// MaxIndexBytes bounds each index file.
	MaxIndexBytes int64

	once       sync.Once
	httpClient *http.Client
	indexSem   chan struct{} // held while the indexes load
	installSem chan struct{} // held while a release downloads and unpacks

	mu  sync.Mutex
	idx *index // nil until loaded
}

func (c *Client) init() {
	c.once.Do(func() {
		c.indexSem = make(chan struct{}, 1)
		c.installSem = make(chan struct{}, 1)
		c.httpClient = c.HTTP
		if c.httpClient == nil {
			c.httpClient = newHTTPClient()
		}
	})
}

// newHTTPClient is the default HTTP client: every phase of a request is
// bounded and redirects stay on http and https.
func newHTTPClient() *http.Client {
	return &http.Client{
		Timeout: DefaultTimeout,
		Transport: &http.Transport{
			Proxy:                  http.ProxyFromEnvironment,
			DialContext:            (&net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
			TLSHandshakeTimeout:    30 * time.Second,
			ResponseHeaderTimeout:  time.Minute,
			IdleConnTimeout:        90 * time.Second,
			MaxResponseHeaderBytes: 1 << 20,
		},
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) >= 10 {
				return errors.New("too many redirects")
			}
			return checkURL(req.URL)
		},
	}
}

// DefaultCacheDir is where golem keeps unpacked Quicklisp releases:
// golem/quicklisp under the user's cache directory.
func DefaultCacheDir() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("qldist: no cache directory: %w", err)
	}
	return filepath.Join(dir, "golem", "quicklisp"), nil
}

func (c *Client) limit(v, def int64) int64 {
	if v > 0 {
		return v
	}
	return def
}

// acquire takes sem unless ctx ends first.
func acquire(ctx context.Context, sem chan struct{}) error {
	select {
	case sem <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Dependencies returns the systems the named system depends on, as
// systems.txt lists them (other systems of the dist, and systems such as
// asdf, uiop or sb-posix a Lisp provides itself).
func (c *Client) Dependencies(ctx context.Context, system string) ([]string, error) {
	_, sys, err := c.lookup(ctx, system)
	if err != nil {
		return nil, err
	}
	return append([]string(nil), sys.deps...), nil
}

// Fetch makes sure the release providing system is unpacked in the cache
// and returns its directory, CacheDir/<dist-name>/software/<prefix>. A
// release already unpacked costs no network once the indexes are loaded.
func (c *Client) Fetch(ctx context.Context, system string) (string, error) {
	idx, sys, err := c.lookup(ctx, system)
	if err != nil {
		return "", err
	}
	rel := idx.releases[sys.project]
	dir, err := c.install(ctx, idx, rel)
	if err != nil {
		return "", fmt.Errorf("qldist: system %q (release %s): %w", system, rel.project, err)
	}
	return dir, nil
}

// SystemFile fetches the release providing system, like Fetch, and returns
// the path of the .asd file that defines it (a secondary system such as
// "foo/tests" is defined in foo.asd).
func (c *Client) SystemFile(ctx context.Context, system string) (string, error) {
	idx, sys, err := c.lookup(ctx, system)
	if err != nil {
		return "", err
	}
	dir, err := c.Fetch(ctx, system)
	if err != nil {
		return "", err
	}
	rel := idx.releases[sys.project]
	for _, f := range rel.systemFiles {
		if strings.TrimSuffix(filepath.Base(f), ".asd") != sys.file {
			continue
		}
		p := filepath.Join(dir, filepath.FromSlash(f))
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			return p, nil
		}
	}
	p := filepath.Join(dir, sys.file+".asd")
	if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
		return p, nil
	}
	return "", fmt.Errorf("qldist: system %q: release %s has no %s.asd", system, rel.project, sys.file)
}

// lookup loads the indexes if needed and finds system in them.
func (c *Client) lookup(ctx context.Context, system string) (*index, *systemEntry, error) {
	if system == "" || strings.ContainsAny(system, " \t\r\n") {
		return nil, nil, fmt.Errorf("qldist: invalid system name %q", system)
	}
	idx, err := c.index(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("qldist: system %q: %w", system, err)
	}
	sys := idx.systems[system]
	if sys == nil {
		sys = idx.systems[strings.ToLower(system)]
	}
	if sys == nil {
		return nil, nil, fmt.Errorf("qldist: system %q: %w %s (%s)", system, ErrUnknownSystem, idx.name, c.DistURL)
	}
	if idx.releases[sys.project] == nil {
		return nil, nil, fmt.Errorf("qldist: system %q: its release %q is not in %s's release index", system, sys.project, idx.name)
	}
	return idx, sys, nil
}

// index returns the dist's indexes, loading them on first use. A failed
// load is not remembered: the next call tries again.
func (c *Client) index(ctx context.Context) (*index, error) {
	c.init()
	c.mu.Lock()
	idx := c.idx
	c.mu.Unlock()
	if idx != nil {
		return idx, nil
	}
	if err := acquire(ctx, c.indexSem); err != nil {
		return nil, err
	}
	defer func() { <-c.indexSem }()
	c.mu.Lock()
	idx = c.idx
	c.mu.Unlock()
	if idx != nil {
		return idx, nil
	}
	idx, err := c.loadIndex(ctx)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	c.idx = idx
	c.mu.Unlock()
	return idx, nil
}

// install downloads, checks and unpacks rel unless it is already unpacked.
func (c *Client) install(ctx context.Context, idx *index, rel *releaseEntry) (string, error) {
	if c.CacheDir == "" {
		return "", errors.New("no cache directory configured")
	}
	if !safeName(rel.prefix) {
		return "", fmt.Errorf("release prefix %q is not a plain directory name", rel.prefix)
	}
	distDir := filepath.Join(c.CacheDir, idx.name)
	dir := filepath.Join(distDir, "software", rel.prefix)
	if isDir(dir) {
		return dir, nil
	}
	if err := acquire(ctx, c.installSem); err != nil {
		return "", err
	}
	defer func() { <-c.installSem }()
	if isDir(dir) { // unpacked while this call waited
		return dir, nil
	}
	maxArchive := c.limit(c.MaxArchiveBytes, DefaultMaxArchiveBytes)
	if rel.size > maxArchive {
		return "", fmt.Errorf("archive %s is %d bytes, more than the limit of %d", rel.url, rel.size, maxArchive)
	}
	tmpRoot := filepath.Join(distDir, "tmp")
	if err := os.MkdirAll(tmpRoot, 0o755); err != nil {
		return "", err
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return "", err
	}
	archive, err := os.CreateTemp(tmpRoot, rel.prefix+"-*.tgz")
	if err != nil {
		return "", err
	}
	defer func() {
		archive.Close()
		os.Remove(archive.Name())
	}()
	if err := c.download(ctx, rel, archive); err != nil {
		return "", err
	}
	if _, err := archive.Seek(0, 0); err != nil {
		return "", err
	}
	work, err := os.MkdirTemp(tmpRoot, rel.prefix+"-*")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(work)
	lim := unpackLimits{
		files: int(c.limit(int64(c.MaxFiles), DefaultMaxFiles)),
		bytes: c.limit(c.MaxUnpackedBytes, DefaultMaxUnpackedBytes),
	}
	if err := unpack(ctx, archive, work, rel.prefix, lim); err != nil {
		return "", fmt.Errorf("unpacking %s: %w", rel.url, err)
	}
	unpacked := filepath.Join(work, rel.prefix)
	if !isDir(unpacked) {
		return "", fmt.Errorf("archive %s has no directory %s", rel.url, rel.prefix)
	}
	if err := os.Rename(unpacked, dir); err != nil {
		if isDir(dir) { // another process unpacked it first
			return dir, nil
		}
		return "", err
	}
	return dir, nil
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}
