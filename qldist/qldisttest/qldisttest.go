// Package qldisttest serves a small Quicklisp dist over HTTP for tests: a
// distinfo.txt, systems.txt, releases.txt and .tgz archives the test
// describes, built in a temporary directory and served by httptest.
package qldisttest

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/md5"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// DistName is the name the served dist gives in its distinfo.txt.
const DistName = "testdist"

// Entry is one entry of an archive. A zero Type means a regular file;
// tar.TypeXGlobalHeader gives a pax global header as git archive writes.
type Entry struct {
	Name, Body string
	Type       byte
	Link       string
}

// Release is a release of the dist. A zero Size, MD5 or URL takes the
// value of the archive served.
type Release struct {
	Project, Prefix string
	Entries         []Entry
	Raw             []byte   // the archive's bytes instead of Entries
	SystemFiles     []string // releases.txt's system files, e.g. "foo.asd"
	Systems         []string // systems.txt lines after the project: "system-file system-name dep…"
	Size            int64
	MD5, URL        string
}

// Dist is a dist served over HTTP from a temporary directory. Its archive
// of project P is at /archive/P.tgz.
type Dist struct {
	// Dir is the directory served.
	Dir string
	// Server serves Dir; it is closed when the test ends.
	Server *httptest.Server

	t        testing.TB
	mu       sync.Mutex
	hits     map[string]int
	override map[string]http.HandlerFunc
}

// Tgz returns a gzipped tar archive of entries.
func Tgz(t testing.TB, entries []Entry) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(zw)
	for _, e := range entries {
		typ := e.Type
		if typ == 0 {
			typ = tar.TypeReg
		}
		hdr := &tar.Header{Name: e.Name, Typeflag: typ, Mode: 0o644, Linkname: e.Link}
		switch typ {
		case tar.TypeXGlobalHeader:
			hdr = &tar.Header{Typeflag: typ, PAXRecords: map[string]string{"comment": "0123abcd"}}
		case tar.TypeReg:
			hdr.Size = int64(len(e.Body))
		case tar.TypeDir:
			hdr.Mode = 0o755
		}
		require.NoError(t, tw.WriteHeader(hdr))
		if typ == tar.TypeReg {
			_, err := tw.Write([]byte(e.Body))
			require.NoError(t, err)
		}
	}
	require.NoError(t, tw.Close())
	require.NoError(t, zw.Close())
	return buf.Bytes()
}

// Serve starts serving a dist named DistName holding rels.
func Serve(t testing.TB, rels ...Release) *Dist {
	t.Helper()
	d := &Dist{t: t, Dir: t.TempDir(), hits: map[string]int{}, override: map[string]http.HandlerFunc{}}
	files := http.FileServer(http.Dir(d.Dir))
	d.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		d.mu.Lock()
		d.hits[r.URL.Path]++
		h := d.override[r.URL.Path]
		d.mu.Unlock()
		if h != nil {
			h(w, r)
			return
		}
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(d.Server.Close)
	d.Write("dist.txt", fmt.Sprintf("name: %s\nversion: 2026-01-01\nsystem-index-url: %s/systems.txt\nrelease-index-url: releases.txt\narchive-base-url: %[2]s/\n", DistName, d.Server.URL))
	var releases, systems strings.Builder
	releases.WriteString("# project url size file-md5 content-sha1 prefix [system-file1..system-fileN]\n")
	systems.WriteString("# project system-file system-name [dependency1..dependencyN]\n")
	for _, rel := range rels {
		data := rel.Raw
		if data == nil {
			data = Tgz(t, rel.Entries)
		}
		d.Write("archive/"+rel.Project+".tgz", string(data))
		sum := md5.Sum(data)
		if rel.Size == 0 {
			rel.Size = int64(len(data))
		}
		if rel.MD5 == "" {
			rel.MD5 = hex.EncodeToString(sum[:])
		}
		if rel.URL == "" {
			rel.URL = d.Server.URL + "/archive/" + rel.Project + ".tgz"
		}
		fmt.Fprintf(&releases, "%s %s %d %s 0123456789abcdef0123456789abcdef01234567 %s %s\n",
			rel.Project, rel.URL, rel.Size, rel.MD5, rel.Prefix, strings.Join(rel.SystemFiles, " "))
		for _, line := range rel.Systems {
			fmt.Fprintf(&systems, "%s %s\n", rel.Project, line)
		}
	}
	d.Write("releases.txt", releases.String())
	d.Write("systems.txt", systems.String())
	return d
}

// URL is the address of the dist's distinfo.txt.
func (d *Dist) URL() string { return d.Server.URL + "/dist.txt" }

// Write writes a file the dist serves, at name (slash-separated) under Dir.
func (d *Dist) Write(name, content string) {
	p := filepath.Join(d.Dir, filepath.FromSlash(name))
	require.NoError(d.t, os.MkdirAll(filepath.Dir(p), 0o755))
	require.NoError(d.t, os.WriteFile(p, []byte(content), 0o644))
}

// Hits is how many requests for path (e.g. "/archive/foo.tgz") arrived.
func (d *Dist) Hits(path string) int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.hits[path]
}

// Handle answers requests for path with h instead of the served file.
func (d *Dist) Handle(path string, h http.HandlerFunc) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.override[path] = h
}
