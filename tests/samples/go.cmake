# tests/samples/go: the AWS SDK for Go v2 from Debian (golang-github-aws-aws-sdk-go-v2-dev,
# a GOPATH tree in /usr/share/gocode), built offline in GOPATH mode as Debian's Go packages
# are meant to be used, with tools/go/dynaminitest linked into a GOPATH of the build tree
# as dynamini/dynaminitest.
find_program(DYNAMINI_SAMPLE_GO go)
set(gocode /usr/share/gocode)
set(sdk ${gocode}/src/github.com/aws/aws-sdk-go-v2)
if(NOT DYNAMINI_SAMPLE_GO)
  dynamini_skipped_sample(sample_go "no go (Debian: golang-go)")
  return()
endif()
set(go_env "GOCACHE=${CMAKE_BINARY_DIR}/go-build-cache;GOPROXY=off;GOFLAGS=;GOTOOLCHAIN=local;HOME=${CMAKE_BINARY_DIR}")

if(NOT EXISTS ${sdk}/service/dynamodb OR NOT EXISTS ${sdk}/service/dynamodbstreams
   OR NOT EXISTS ${sdk}/feature/dynamodb/attributevalue)
  dynamini_skipped_sample(sample_go "no AWS SDK for Go v2 in ${gocode} (Debian: golang-github-aws-aws-sdk-go-v2-dev)")
  return()
endif()
set(gopath ${CMAKE_CURRENT_BINARY_DIR}/gopath)
file(MAKE_DIRECTORY ${gopath}/src/dynamini)
file(CREATE_LINK ${PROJECT_SOURCE_DIR}/tools/go/dynaminitest ${gopath}/src/dynamini/dynaminitest
     SYMBOLIC)
add_test(NAME sample_go COMMAND ${DYNAMINI_SAMPLE_GO} test -count=1 -v .
         WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/go)
set_tests_properties(sample_go PROPERTIES
  ENVIRONMENT "${DYNAMINI_SAMPLE_ENV};${go_env};GO111MODULE=off;GOPATH=${gopath}:${gocode}"
  LABELS "samples;go" TIMEOUT 900)
