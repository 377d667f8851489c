package dynaminitest

// The helper itself, with the standard library only (raw DynamoDB JSON over HTTP).
// $DYNAMINI_BIN names the binary (ctest sets it).

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
)

func call(t *testing.T, endpoint, operation, body string) map[string]interface{} {
	t.Helper()
	request, _ := http.NewRequest("POST", endpoint, strings.NewReader(body))
	request.Header.Set("Content-Type", "application/x-amz-json-1.0")
	request.Header.Set("X-Amz-Target", "DynamoDB_20120810."+operation)
	response, err := http.DefaultClient.Do(request)
	if err != nil {
		t.Fatal(err)
	}
	defer response.Body.Close()
	var out map[string]interface{}
	if err := json.NewDecoder(response.Body).Decode(&out); err != nil {
		t.Fatal(err)
	}
	return out
}

func tableNames(t *testing.T, endpoint string) []interface{} {
	return call(t, endpoint, "ListTables", "{}")["TableNames"].([]interface{})
}

func table(name string) string {
	return `{"TableName":"` + name + `","BillingMode":"PAY_PER_REQUEST",
	  "AttributeDefinitions":[{"AttributeName":"id","AttributeType":"S"}],
	  "KeySchema":[{"AttributeName":"id","KeyType":"HASH"}]}`
}

func binary(t *testing.T) string {
	bin, err := FindBinary("")
	if err != nil {
		t.Skip("no dynamini binary to test with:", err)
	}
	return bin
}

func TestFindBinaryNamesWhatIsWrong(t *testing.T) {
	bin := binary(t)
	if _, err := FindBinary("/nope"); err == nil || !strings.Contains(err.Error(), "/nope is not an executable file") {
		t.Fatalf("got %v", err)
	}
	dir := t.TempDir()
	os.Symlink(bin, filepath.Join(dir, "dynamini"))
	t.Setenv("DYNAMINI_BIN", "")
	t.Setenv("PATH", dir)
	if found, err := FindBinary(""); err != nil || found != filepath.Join(dir, "dynamini") {
		t.Fatalf("PATH lookup: %v %v", found, err)
	}
	t.Setenv("PATH", "/nonexistent")
	if _, err := FindBinary(""); err == nil || !strings.Contains(err.Error(), "no dynamini binary") {
		t.Fatalf("got %v", err)
	}
}

func TestAServerThatCannotStartSaysWhy(t *testing.T) {
	bin := binary(t)
	bad := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(bad, []byte(`{"TableName":"x"}`), 0o644)
	_, err := Start(Options{Bin: bin, Schema: []string{bad}})
	if err == nil || !strings.Contains(err.Error(), "did not start") || !strings.Contains(err.Error(), "bad.json") {
		t.Fatalf("got %v", err)
	}
}

func TestEnvironmentIsSetWhileRunningAndRestoredByStop(t *testing.T) {
	bin := binary(t)
	t.Setenv("AWS_REGION", "eu-north-1")
	os.Unsetenv(EndpointVariable)
	s, err := Start(Options{Bin: bin})
	if err != nil {
		t.Fatal(err)
	}
	if os.Getenv(EndpointVariable) != s.Endpoint || os.Getenv("AWS_REGION") != Region {
		t.Fatalf("environment not set: %q", os.Getenv(EndpointVariable))
	}
	s.Stop()
	s.Stop()
	if _, set := os.LookupEnv(EndpointVariable); set || os.Getenv("AWS_REGION") != "eu-north-1" {
		t.Fatal("environment not restored")
	}
	if err := syscall.Kill(s.Pid(), 0); err != syscall.ESRCH {
		t.Fatalf("server still running: %v", err)
	}
}

func TestResetReturnsToTheSchemaTables(t *testing.T) {
	schema := filepath.Join(t.TempDir(), "schema.json")
	os.WriteFile(schema, []byte(table("kept")), 0o644)
	s := StartT(t, Options{Bin: binary(t), Schema: []string{schema}, KeepEnv: true})
	call(t, s.Endpoint, "CreateTable", table("scratch"))
	if got := tableNames(t, s.Endpoint); !reflect.DeepEqual(got, []interface{}{"kept", "scratch"}) {
		t.Fatalf("tables %v", got)
	}
	s.ResetT(t)
	if got := tableNames(t, s.Endpoint); !reflect.DeepEqual(got, []interface{}{"kept"}) {
		t.Fatalf("after reset %v", got)
	}
}

func TestInboxOptionKeepsTheModel(t *testing.T) {
	s := StartT(t, Options{Bin: binary(t), Inbox: true, KeepEnv: true})
	if got := tableNames(t, s.Endpoint); !reflect.DeepEqual(got, []interface{}{"inbox"}) {
		t.Fatalf("tables %v", got)
	}
}
