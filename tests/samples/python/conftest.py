# The sample project loads dynamini's pytest plugin here (docs/clients.md, "pytest");
# pytest.ini puts tools/pytest on sys.path and names the schema and seed files.
pytest_plugins = ["dynamini_pytest"]
