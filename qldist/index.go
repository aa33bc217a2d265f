package qldist

import (
	"bytes"
	"context"
	"crypto/md5"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// index is what a dist's three index files say.
type index struct {
	name, version string
	systems       map[string]*systemEntry  // by system name
	releases      map[string]*releaseEntry // by project name
}

// systemEntry is one line of systems.txt.
type systemEntry struct {
	project string   // the release providing the system
	file    string   // the .asd file's name, without directory or type
	deps    []string // required systems
}

// releaseEntry is one line of releases.txt.
type releaseEntry struct {
	project     string
	url         string
	size        int64
	md5         string // lower-case hex
	prefix      string // the archive's top directory
	systemFiles []string
}

// safeName reports whether s may be used as a directory name (a dist's
// name, a release's prefix): an ASCII letter or digit, then at most 199
// letters, digits or . _ + ~ -. (A function, not a regular expression:
// compiling `{0,199}` cost every golem process 200 KB at start-up.)
func safeName(s string) bool {
	if len(s) == 0 || len(s) > 200 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		alnum := c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
		if !alnum && (i == 0 || !strings.ContainsRune("._+~-", rune(c))) {
			return false
		}
	}
	return true
}

// loadIndex reads distinfo.txt and the two indexes it names.
func (c *Client) loadIndex(ctx context.Context) (*index, error) {
	base, err := parseURL(c.DistURL, nil)
	if err != nil {
		return nil, fmt.Errorf("dist URL: %w", err)
	}
	text, err := c.getIndex(ctx, base)
	if err != nil {
		return nil, err
	}
	info := parseDistinfo(text)
	idx := &index{name: info["name"], version: info["version"]}
	if !safeName(idx.name) {
		return nil, fmt.Errorf("%s: dist name %q is missing or not a plain directory name", base, idx.name)
	}
	var urls [2]*url.URL
	for i, key := range []string{"system-index-url", "release-index-url"} {
		if info[key] == "" {
			return nil, fmt.Errorf("%s: no %s", base, key)
		}
		if urls[i], err = parseURL(info[key], base); err != nil {
			return nil, fmt.Errorf("%s: %s: %w", base, key, err)
		}
	}
	text, err = c.getIndex(ctx, urls[1])
	if err != nil {
		return nil, err
	}
	if idx.releases, err = parseReleases(text); err != nil {
		return nil, fmt.Errorf("%s: %w", urls[1], err)
	}
	text, err = c.getIndex(ctx, urls[0])
	if err != nil {
		return nil, err
	}
	if idx.systems, err = parseSystems(text); err != nil {
		return nil, fmt.Errorf("%s: %w", urls[0], err)
	}
	return idx, nil
}

// parseDistinfo reads "key: value" lines; other lines are ignored.
func parseDistinfo(text []byte) map[string]string {
	info := map[string]string{}
	for _, f := range indexLines(text) {
		if len(f) == 2 && strings.HasSuffix(f[0], ":") {
			info[strings.TrimSuffix(f[0], ":")] = f[1]
		}
	}
	return info
}

// indexLines splits an index file into the fields of its lines, leaving
// out blank lines and # comments.
func indexLines(text []byte) [][]string {
	var lines [][]string
	for line := range strings.SplitSeq(string(text), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		if f := strings.Fields(line); len(f) > 0 {
			lines = append(lines, f)
		}
	}
	return lines
}

// parseReleases reads releases.txt: project url size file-md5
// content-sha1 prefix system-file…
func parseReleases(text []byte) (map[string]*releaseEntry, error) {
	rels := map[string]*releaseEntry{}
	for i, f := range indexLines(text) {
		if len(f) < 6 {
			return nil, fmt.Errorf("release line %d has %d fields, not at least 6", i+1, len(f))
		}
		size, err := strconv.ParseInt(f[2], 10, 64)
		if err != nil || size < 0 {
			return nil, fmt.Errorf("release %s: invalid size %q", f[0], f[2])
		}
		if _, seen := rels[f[0]]; seen {
			continue // the first line wins, as in Quicklisp
		}
		rels[f[0]] = &releaseEntry{
			project: f[0], url: f[1], size: size, md5: strings.ToLower(f[3]),
			prefix: f[5], systemFiles: f[6:],
		}
	}
	return rels, nil
}

// parseSystems reads systems.txt: project system-file system-name
// dependency…
func parseSystems(text []byte) (map[string]*systemEntry, error) {
	systems := map[string]*systemEntry{}
	for i, f := range indexLines(text) {
		if len(f) < 3 {
			return nil, fmt.Errorf("system line %d has %d fields, not at least 3", i+1, len(f))
		}
		if _, seen := systems[f[2]]; seen {
			continue
		}
		systems[f[2]] = &systemEntry{project: f[0], file: f[1], deps: f[3:]}
	}
	return systems, nil
}

// CheckDistURL reports whether raw can be a Client's DistURL: an absolute
// http or https URL.
func CheckDistURL(raw string) error {
	if _, err := parseURL(raw, nil); err != nil {
		return fmt.Errorf("qldist: dist URL: %w", err)
	}
	return nil
}

// parseURL parses raw, relative to base when base is not nil, and accepts
// only absolute http and https URLs.
func parseURL(raw string, base *url.URL) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, err
	}
	if base != nil {
		u = base.ResolveReference(u)
	}
	if err := checkURL(u); err != nil {
		return nil, err
	}
	return u, nil
}

func checkURL(u *url.URL) error {
	if u.Scheme != "http" && u.Scheme != "https" {
		return fmt.Errorf("%q is not an http or https URL", u.Redacted())
	}
	if u.Host == "" {
		return fmt.Errorf("%q has no host", u.Redacted())
	}
	return nil
}

// getIndex downloads an index file of at most MaxIndexBytes.
func (c *Client) getIndex(ctx context.Context, u *url.URL) ([]byte, error) {
	var buf bytes.Buffer
	limit := c.limit(c.MaxIndexBytes, DefaultMaxIndexBytes)
	n, err := c.get(ctx, u, limit, &buf)
	if err != nil {
		return nil, err
	}
	if n > limit {
		return nil, fmt.Errorf("%s: index larger than the limit of %d bytes", u, limit)
	}
	return buf.Bytes(), nil
}

// errTooLarge is returned by get when the body exceeds its limit.
var errTooLarge = errors.New("response larger than expected")

// get copies the body of a GET of u to w, reading at most limit+1 bytes,
// and returns the bytes copied. A body announced larger than limit is
// refused unread.
func (c *Client) get(ctx context.Context, u *url.URL, limit int64, w io.Writer) (int64, error) {
	c.init()
	if err := checkURL(u); err != nil {
		return 0, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return 0, err
	}
	resp, err := c.httpClient.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return 0, fmt.Errorf("%s: %w", u.Redacted(), ctx.Err())
		}
		return 0, err // *url.Error names the URL
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("%s: HTTP status %s", u.Redacted(), resp.Status)
	}
	if resp.ContentLength > limit {
		return 0, fmt.Errorf("%s: %w: %d bytes announced, at most %d wanted", u.Redacted(), errTooLarge, resp.ContentLength, limit)
	}
	n, err := io.Copy(w, io.LimitReader(resp.Body, limit+1))
	if err != nil {
		if ctx.Err() != nil {
			err = ctx.Err()
		}
		return n, fmt.Errorf("%s: %w", u.Redacted(), err)
	}
	return n, nil
}

// download writes rel's archive to w and checks it against the index's
// size and MD5 digest.
func (c *Client) download(ctx context.Context, rel *releaseEntry, w io.Writer) error {
	u, err := parseURL(rel.url, nil)
	if err != nil {
		return fmt.Errorf("archive URL: %w", err)
	}
	sum := md5.New()
	n, err := c.get(ctx, u, rel.size, io.MultiWriter(w, sum))
	if err != nil {
		return err
	}
	if n != rel.size {
		more := ""
		if n > rel.size {
			more = " or more"
		}
		return fmt.Errorf("%s: size mismatch: got %d%s bytes, the index says %d", u.Redacted(), n, more, rel.size)
	}
	if got := hex.EncodeToString(sum.Sum(nil)); got != rel.md5 {
		return fmt.Errorf("%s: MD5 mismatch: got %s, the index says %s", u.Redacted(), got, rel.md5)
	}
	return nil
}
