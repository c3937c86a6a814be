from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.contact_enrich_by_email import ContactEnrichByEmail
from ...models.contact_enrich_by_linkedin_url import ContactEnrichByLinkedinUrl
from ...models.contact_enrich_by_name import ContactEnrichByName
from ...models.contact_enrich_result import ContactEnrichResult
from ...models.error import Error
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: ContactEnrichByEmail | ContactEnrichByLinkedinUrl | ContactEnrichByName,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/contacts/enrich",
    }

    if isinstance(body, ContactEnrichByEmail):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, ContactEnrichByLinkedinUrl):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ContactEnrichResult | Error | None:
    if response.status_code == 200:
        response_200 = ContactEnrichResult.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())

        return response_413

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = Error.from_dict(response.json())

        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ContactEnrichResult | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ContactEnrichByEmail | ContactEnrichByLinkedinUrl | ContactEnrichByName,
    idempotency_key: str | Unset = UNSET,
) -> Response[ContactEnrichResult | Error]:
    """Enrich a described person

     Queries the enrichment provider, matching by email, then LinkedIn URL, then name at company_domain.
    Neither reads nor writes the workspace: persist a result with POST /v1/contacts. One enrichment
    credit is spent per provider answer with data; no match and pending answers are free. The balance is
    checked before the provider is called: with no credits left the call answers 422 BusinessIssue with
    `data: {field: "enrichment_credits", balance: 0}` and the provider is not asked. Sandbox: the
    directory fixtures (e.g. ada@acme.test) answer at once; an email at async-enrich.test answers
    `completed: false, pending_provider: "sandbox-async"` first, and its data when repeated after
    ENRICH_ASYNC_DELAY_MS. Rate limit: besides the key's and the organization's budgets, these calls
    spend the organization's lower enrichment budget (RATE_LIMIT_ENRICHMENT_PER_ORG per window; 429
    RateLimitIssue with `data.scope: "enrichment"`).

    Args:
        idempotency_key (str | Unset):
        body (ContactEnrichByEmail | ContactEnrichByLinkedinUrl | ContactEnrichByName): At least
            an email, a LinkedIn URL, or first_name + last_name + company_domain (else 400 naming the
            fields). Null counts as absent.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ContactEnrichResult | Error]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: ContactEnrichByEmail | ContactEnrichByLinkedinUrl | ContactEnrichByName,
    idempotency_key: str | Unset = UNSET,
) -> ContactEnrichResult | Error | None:
    """Enrich a described person

     Queries the enrichment provider, matching by email, then LinkedIn URL, then name at company_domain.
    Neither reads nor writes the workspace: persist a result with POST /v1/contacts. One enrichment
    credit is spent per provider answer with data; no match and pending answers are free. The balance is
    checked before the provider is called: with no credits left the call answers 422 BusinessIssue with
    `data: {field: "enrichment_credits", balance: 0}` and the provider is not asked. Sandbox: the
    directory fixtures (e.g. ada@acme.test) answer at once; an email at async-enrich.test answers
    `completed: false, pending_provider: "sandbox-async"` first, and its data when repeated after
    ENRICH_ASYNC_DELAY_MS. Rate limit: besides the key's and the organization's budgets, these calls
    spend the organization's lower enrichment budget (RATE_LIMIT_ENRICHMENT_PER_ORG per window; 429
    RateLimitIssue with `data.scope: "enrichment"`).

    Args:
        idempotency_key (str | Unset):
        body (ContactEnrichByEmail | ContactEnrichByLinkedinUrl | ContactEnrichByName): At least
            an email, a LinkedIn URL, or first_name + last_name + company_domain (else 400 naming the
            fields). Null counts as absent.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ContactEnrichResult | Error
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ContactEnrichByEmail | ContactEnrichByLinkedinUrl | ContactEnrichByName,
    idempotency_key: str | Unset = UNSET,
) -> Response[ContactEnrichResult | Error]:
    """Enrich a described person

     Queries the enrichment provider, matching by email, then LinkedIn URL, then name at company_domain.
    Neither reads nor writes the workspace: persist a result with POST /v1/contacts. One enrichment
    credit is spent per provider answer with data; no match and pending answers are free. The balance is
    checked before the provider is called: with no credits left the call answers 422 BusinessIssue with
    `data: {field: "enrichment_credits", balance: 0}` and the provider is not asked. Sandbox: the
    directory fixtures (e.g. ada@acme.test) answer at once; an email at async-enrich.test answers
    `completed: false, pending_provider: "sandbox-async"` first, and its data when repeated after
    ENRICH_ASYNC_DELAY_MS. Rate limit: besides the key's and the organization's budgets, these calls
    spend the organization's lower enrichment budget (RATE_LIMIT_ENRICHMENT_PER_ORG per window; 429
    RateLimitIssue with `data.scope: "enrichment"`).

    Args:
        idempotency_key (str | Unset):
        body (ContactEnrichByEmail | ContactEnrichByLinkedinUrl | ContactEnrichByName): At least
            an email, a LinkedIn URL, or first_name + last_name + company_domain (else 400 naming the
            fields). Null counts as absent.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ContactEnrichResult | Error]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: ContactEnrichByEmail | ContactEnrichByLinkedinUrl | ContactEnrichByName,
    idempotency_key: str | Unset = UNSET,
) -> ContactEnrichResult | Error | None:
    """Enrich a described person

     Queries the enrichment provider, matching by email, then LinkedIn URL, then name at company_domain.
    Neither reads nor writes the workspace: persist a result with POST /v1/contacts. One enrichment
    credit is spent per provider answer with data; no match and pending answers are free. The balance is
    checked before the provider is called: with no credits left the call answers 422 BusinessIssue with
    `data: {field: "enrichment_credits", balance: 0}` and the provider is not asked. Sandbox: the
    directory fixtures (e.g. ada@acme.test) answer at once; an email at async-enrich.test answers
    `completed: false, pending_provider: "sandbox-async"` first, and its data when repeated after
    ENRICH_ASYNC_DELAY_MS. Rate limit: besides the key's and the organization's budgets, these calls
    spend the organization's lower enrichment budget (RATE_LIMIT_ENRICHMENT_PER_ORG per window; 429
    RateLimitIssue with `data.scope: "enrichment"`).

    Args:
        idempotency_key (str | Unset):
        body (ContactEnrichByEmail | ContactEnrichByLinkedinUrl | ContactEnrichByName): At least
            an email, a LinkedIn URL, or first_name + last_name + company_domain (else 400 naming the
            fields). Null counts as absent.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ContactEnrichResult | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
