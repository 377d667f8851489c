// Package dynaminitest runs dynamini, a DynamoDB emulator, for Go tests (docs/clients.md, "Go").
// Standard library only: the AWS SDK stays the test package's own dependency.
//
//	var dynamo *dynaminitest.Server
//
//	func TestMain(m *testing.M) {
//		dynamo = dynaminitest.MustStart(dynaminitest.Options{Schema: []string{"testdata/tables.json"}})
//		code := m.Run()
//		dynamo.Stop()
//		os.Exit(code)
//	}
//
//	func TestSomething(t *testing.T) {
//		dynamo.ResetT(t) // back to the state after start-up
//		... a client on dynamo.Endpoint ...
//	}
//
// Each test binary (go test runs one per package, in parallel) starts its own server on a
// free port. While it runs, AWS_ENDPOINT_URL_DYNAMODB names it and dummy credentials and
// region are set (unless Options.KeepEnv); Stop restores them.
package dynaminitest

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// EndpointVariable is the environment variable newer AWS SDKs read the endpoint from.
const EndpointVariable = "AWS_ENDPOINT_URL_DYNAMODB"

// Region and the dummy credentials set in the environment while a server runs.
const (
	Region          = "us-east-1"
	AccessKeyID     = "dynamini"
	SecretAccessKey = "dynamini"
)

var ready = regexp.MustCompile(`dynamini listening on (http://([^\s:/]+):(\d+))`)

// Options say how to start dynamini. Paths are relative to the current directory (the
// package's folder under go test).
type Options struct {
	Bin          string            // default: $DYNAMINI_BIN, else `dynamini` on PATH
	Schema       []string          // dynamini --schema files (CreateTable / DescribeTable JSON)
	Seed         map[string]string // table -> file, dynamini --seed
	Inbox        bool              // keep the preloaded inbox model (default --no-inbox)
	Args         []string          // any other dynamini flags
	KeepEnv      bool              // do not set AWS_ENDPOINT_URL_DYNAMODB and credentials
	StartTimeout time.Duration     // default 15 s
}

// Server is a running `dynamini --port 0 --admin` child process.
type Server struct {
	Endpoint string // e.g. http://127.0.0.1:40123
	Host     string
	Port     int

	cmd      *exec.Cmd
	exited   chan struct{}
	mu       sync.Mutex
	output   []string
	savedEnv map[string]*string
	stopOnce sync.Once
}

// FindBinary returns bin if set, else $DYNAMINI_BIN, else `dynamini` on PATH.
func FindBinary(bin string) (string, error) {
	if bin == "" {
		bin = os.Getenv("DYNAMINI_BIN")
	}
	if bin == "" {
		found, err := exec.LookPath("dynamini")
		if err != nil {
			return "", errors.New("dynaminitest: no dynamini binary: set Options.Bin or " +
				"DYNAMINI_BIN, or put `dynamini` on PATH")
		}
		return found, nil
	}
	if info, err := os.Stat(bin); err != nil || info.IsDir() || info.Mode()&0o111 == 0 {
		return "", fmt.Errorf("dynaminitest: %s is not an executable file", bin)
	}
	return filepath.Abs(bin)
}

// Arguments returns dynamini's flags for the options.
func (o Options) Arguments() ([]string, error) {
	args := []string{"--port", "0", "--admin"}
	if !o.Inbox {
		args = append(args, "--no-inbox")
	}
	for _, file := range o.Schema {
		abs, err := filepath.Abs(file)
		if err != nil {
			return nil, err
		}
		args = append(args, "--schema", abs)
	}
	for table, file := range o.Seed {
		abs, err := filepath.Abs(file)
		if err != nil {
			return nil, err
		}
		args = append(args, "--seed", table+"="+abs)
	}
	return append(args, o.Args...), nil
}

// Start starts a server and returns once it listens.
func Start(o Options) (*Server, error) {
	bin, err := FindBinary(o.Bin)
	if err != nil {
		return nil, err
	}
	args, err := o.Arguments()
	if err != nil {
		return nil, err
	}
	s := &Server{cmd: exec.Command(bin, args...), exited: make(chan struct{})}
	// If the test binary dies, the kernel sends the server SIGTERM (Linux; strictly: when
	// the thread that started it exits, which Go threads do not while the program runs).
	s.cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM}
	pipe, err := s.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	s.cmd.Stderr = s.cmd.Stdout
	if err := s.cmd.Start(); err != nil {
		return nil, fmt.Errorf("dynaminitest: %v", err)
	}
	if err := s.waitUntilListening(pipe, o.StartTimeout); err != nil {
		return nil, err
	}
	if !o.KeepEnv {
		s.setEnv()
	}
	return s, nil
}

func (s *Server) waitUntilListening(pipe io.Reader, timeout time.Duration) error {
	if timeout == 0 {
		timeout = 15 * time.Second
	}
	found := make(chan []string, 1)
	go func() { // reads the output for the server's whole life, so it never blocks
		lines := bufio.NewScanner(pipe)
		announced := false
		for lines.Scan() {
			s.mu.Lock()
			s.output = append(s.output, lines.Text())
			if len(s.output) > 200 {
				s.output = s.output[len(s.output)-200:]
			}
			s.mu.Unlock()
			if m := ready.FindStringSubmatch(lines.Text()); m != nil && !announced {
				announced = true
				found <- m
			}
		}
		s.cmd.Wait()
		close(s.exited)
	}()
	select {
	case m := <-found:
		s.Endpoint, s.Host = m[1], m[2]
		s.Port, _ = strconv.Atoi(m[3])
		return nil
	case <-s.exited:
		return fmt.Errorf("dynaminitest: dynamini did not start (%v):\n%s", s.cmd.ProcessState, s.Output())
	case <-time.After(timeout):
		s.cmd.Process.Kill()
		<-s.exited
		return fmt.Errorf("dynaminitest: dynamini printed no listening line in %v:\n%s", timeout, s.Output())
	}
}

func (s *Server) setEnv() {
	values := map[string]string{
		EndpointVariable:        s.Endpoint,
		"AWS_ACCESS_KEY_ID":     AccessKeyID,
		"AWS_SECRET_ACCESS_KEY": SecretAccessKey,
		"AWS_REGION":            Region,
		"AWS_DEFAULT_REGION":    Region,
	}
	s.savedEnv = map[string]*string{}
	for key, value := range values {
		if old, ok := os.LookupEnv(key); ok {
			s.savedEnv[key] = &old
		} else {
			s.savedEnv[key] = nil
		}
		os.Setenv(key, value)
	}
}

// Output returns the last lines the server printed.
func (s *Server) Output() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return strings.Join(s.output, "\n")
}

// Pid is the server's process id.
func (s *Server) Pid() int { return s.cmd.Process.Pid }

// Reset returns the database to the state after start-up (schema and seed files loaded,
// everything else gone): POST /dynamini/admin/reset.
func (s *Server) Reset() error {
	response, err := http.Post(s.Endpoint+"/dynamini/admin/reset", "application/json", nil)
	if err != nil {
		return fmt.Errorf("dynaminitest: reset: %v\n%s", err, s.Output())
	}
	defer response.Body.Close()
	body, _ := io.ReadAll(response.Body)
	if response.StatusCode != http.StatusOK {
		return fmt.Errorf("dynaminitest: reset: %s %s", response.Status, body)
	}
	return nil
}

// ResetT is Reset for a test: it fails the test if the reset fails.
func (s *Server) ResetT(t testing.TB) {
	t.Helper()
	if err := s.Reset(); err != nil {
		t.Fatal(err)
	}
}

// Stop stops the server (SIGTERM, then SIGKILL after 10 s) and restores the environment.
// Calling it again does nothing.
func (s *Server) Stop() {
	s.stopOnce.Do(func() {
		for key, value := range s.savedEnv {
			if value == nil {
				os.Unsetenv(key)
			} else {
				os.Setenv(key, *value)
			}
		}
		s.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-s.exited:
		case <-time.After(10 * time.Second):
			s.cmd.Process.Kill()
			<-s.exited
		}
	})
}

// MustStart is Start for TestMain: it exits the test binary with status 1 on error.
func MustStart(o Options) *Server {
	s, err := Start(o)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	return s
}

// StartT starts a server for one test (or a subtest tree) and stops it when the test ends.
func StartT(t testing.TB, o Options) *Server {
	t.Helper()
	s, err := Start(o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Stop)
	return s
}
