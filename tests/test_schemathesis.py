"""Property-based API tests from our own OpenAPI schema (schemathesis) against the real server
on a socket: no 5xx, only documented status codes, responses that match the schema."""

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings


@pytest.mark.parametrize("path,method", [("/extract", "POST"), ("/ready", "GET"), ("/health", "GET")])
def test_api_conforms_and_never_fails(rules_server, path, method):
    operation = schemathesis.openapi.from_url(rules_server + "/openapi.json")[path][method]

    @given(case=operation.as_strategy())
    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
    def check(case):
        case.call_and_validate()

    check()
