# tests/samples/python: pytest with the dynamini_pytest plugin (docs/clients.md, "pytest"), once in
# one process and once with pytest-xdist workers, each with its own server.
set(DYNAMINI_SAMPLE_PYTHON /usr/bin/python3)
execute_process(COMMAND ${DYNAMINI_SAMPLE_PYTHON} -c "import pytest, boto3"
                RESULT_VARIABLE no_pytest OUTPUT_QUIET ERROR_QUIET)
execute_process(COMMAND ${DYNAMINI_SAMPLE_PYTHON} -c "import xdist"
                RESULT_VARIABLE no_xdist OUTPUT_QUIET ERROR_QUIET)
set(sample_dir ${CMAKE_CURRENT_SOURCE_DIR}/python)
set(pytest_cmd ${DYNAMINI_SAMPLE_PYTHON} -m pytest -p no:cacheprovider -v)

if(no_pytest)
  dynamini_skipped_sample(sample_python "${DYNAMINI_SAMPLE_PYTHON} has no pytest or boto3 (Debian: python3-pytest python3-boto3)")
  return()
endif()
add_test(NAME sample_python COMMAND ${pytest_cmd} -p no:xdist WORKING_DIRECTORY ${sample_dir})
set_tests_properties(sample_python PROPERTIES ENVIRONMENT "${DYNAMINI_SAMPLE_ENV}"
                     LABELS "samples;python" TIMEOUT 300)
if(no_xdist)
  dynamini_skipped_sample(sample_python_xdist "no pytest-xdist (Debian: python3-pytest-xdist)")
else()
  add_test(NAME sample_python_xdist COMMAND ${pytest_cmd} -n 2 WORKING_DIRECTORY ${sample_dir})
  set_tests_properties(sample_python_xdist PROPERTIES ENVIRONMENT "${DYNAMINI_SAMPLE_ENV}"
                       LABELS "samples;python" TIMEOUT 300)
endif()
