// Command serve serves the built playground (playground/dist/) for local use:
//
//	playground/build.sh && go run ./playground/serve -addr 127.0.0.1:8080
//
// It sends the cross-origin isolation headers (COOP/COEP) that let the page
// share a stop flag with its Web Worker, the application/wasm type, and
// golem.wasm.gz pre-compressed to clients accepting gzip.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log"
	"mime"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on")
	dir := flag.String("dir", defaultDir(), "directory of the built playground")
	flag.Parse()
	if _, err := os.Stat(filepath.Join(*dir, "index.html")); err != nil {
		log.Fatalf("serve: %s has no index.html: run playground/build.sh first", *dir)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("golem playground: http://%s/\n", ln.Addr())
	srv := &http.Server{Handler: Handler(*dir), ReadHeaderTimeout: 10 * time.Second}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdown)
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Fatal(err)
	}
}

// defaultDir is playground/dist next to this source file when run from a
// checkout, else ./playground/dist.
func defaultDir() string {
	if _, file, _, ok := runtime.Caller(0); ok {
		d := filepath.Join(filepath.Dir(file), "..", "dist")
		if _, err := os.Stat(d); err == nil {
			return d
		}
	}
	return filepath.Join("playground", "dist")
}

// Handler serves the files of dir with the playground's headers. A file
// with a pre-compressed sibling (name.gz, which build.mjs writes) is sent
// compressed to clients that accept gzip.
func Handler(dir string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Cross-Origin-Embedder-Policy", "require-corp")
		h.Set("Cache-Control", "no-cache")
		name := r.URL.Path
		if strings.HasSuffix(name, "/") {
			name += "index.html"
		}
		typ := mime.TypeByExtension(path.Ext(name))
		if path.Ext(name) == ".wasm" {
			typ = "application/wasm"
		}
		if typ != "" {
			h.Set("Content-Type", typ)
		}
		if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") && !strings.Contains(name, "..") {
			gz := filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(name, "/"))+".gz")
			if f, err := os.Open(gz); err == nil {
				defer f.Close()
				if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
					h.Set("Content-Encoding", "gzip")
					h.Add("Vary", "Accept-Encoding")
					http.ServeContent(w, r, "", st.ModTime(), f)
					return
				}
			}
		}
		files.ServeHTTP(w, r)
	})
}
