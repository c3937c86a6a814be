from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.contact_get_and_enrich_by_contact_id import ContactGetAndEnrichByContactId
from ...models.contact_get_and_enrich_by_email import ContactGetAndEnrichByEmail
from ...models.contact_get_and_enrich_by_linkedin_url import ContactGetAndEnrichByLinkedinUrl
from ...models.contact_get_and_enrich_result import ContactGetAndEnrichResult
from ...models.error import Error
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: ContactGetAndEnrichByContactId | ContactGetAndEnrichByEmail | ContactGetAndEnrichByLinkedinUrl,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/contacts/get-and-enrich",
    }

    if isinstance(body, ContactGetAndEnrichByContactId):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, ContactGetAndEnrichByEmail):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ContactGetAndEnrichResult | Error | None:
    if response.status_code == 200:
        response_200 = ContactGetAndEnrichResult.from_dict(response.json())

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

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

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
) -> Response[ContactGetAndEnrichResult | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ContactGetAndEnrichByContactId | ContactGetAndEnrichByEmail | ContactGetAndEnrichByLinkedinUrl,
    idempotency_key: str | Unset = UNSET,
) -> Response[ContactGetAndEnrichResult | Error]:
    """A workspace contact with its gaps filled by enrichment

     Stored values always win; the provider only fills gaps and nothing is written back. The provider is
    called only when the matched contact lacks an email, a job title or a company domain, or when
    nothing matches and an email or LinkedIn URL was given. GET /v1/contacts/{contact_id} is the free
    read-only alternative. One enrichment credit is spent per provider answer with data; no match and
    pending answers are free. The balance is checked before the provider is called: with no credits left
    the call answers 422 BusinessIssue with `data: {field: "enrichment_credits", balance: 0}` and the
    provider is not asked. Sandbox: the directory fixtures (e.g. ada@acme.test) answer at once; an email
    at async-enrich.test answers `completed: false, pending_provider: "sandbox-async"` first, and its
    data when repeated after ENRICH_ASYNC_DELAY_MS. Rate limit: besides the key's and the organization's
    budgets, these calls spend the organization's lower enrichment budget (RATE_LIMIT_ENRICHMENT_PER_ORG
    per window; 429 RateLimitIssue with `data.scope: "enrichment"`).

    Args:
        idempotency_key (str | Unset):
        body (ContactGetAndEnrichByContactId | ContactGetAndEnrichByEmail |
            ContactGetAndEnrichByLinkedinUrl): At least one of contact_id, email or linkedin_url.
            contact_id names a stored contact (404 when not in this workspace); otherwise the contact
            is matched on email, then LinkedIn URL.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ContactGetAndEnrichResult | Error]
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
    body: ContactGetAndEnrichByContactId | ContactGetAndEnrichByEmail | ContactGetAndEnrichByLinkedinUrl,
    idempotency_key: str | Unset = UNSET,
) -> ContactGetAndEnrichResult | Error | None:
    """A workspace contact with its gaps filled by enrichment

     Stored values always win; the provider only fills gaps and nothing is written back. The provider is
    called only when the matched contact lacks an email, a job title or a company domain, or when
    nothing matches and an email or LinkedIn URL was given. GET /v1/contacts/{contact_id} is the free
    read-only alternative. One enrichment credit is spent per provider answer with data; no match and
    pending answers are free. The balance is checked before the provider is called: with no credits left
    the call answers 422 BusinessIssue with `data: {field: "enrichment_credits", balance: 0}` and the
    provider is not asked. Sandbox: the directory fixtures (e.g. ada@acme.test) answer at once; an email
    at async-enrich.test answers `completed: false, pending_provider: "sandbox-async"` first, and its
    data when repeated after ENRICH_ASYNC_DELAY_MS. Rate limit: besides the key's and the organization's
    budgets, these calls spend the organization's lower enrichment budget (RATE_LIMIT_ENRICHMENT_PER_ORG
    per window; 429 RateLimitIssue with `data.scope: "enrichment"`).

    Args:
        idempotency_key (str | Unset):
        body (ContactGetAndEnrichByContactId | ContactGetAndEnrichByEmail |
            ContactGetAndEnrichByLinkedinUrl): At least one of contact_id, email or linkedin_url.
            contact_id names a stored contact (404 when not in this workspace); otherwise the contact
            is matched on email, then LinkedIn URL.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ContactGetAndEnrichResult | Error
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ContactGetAndEnrichByContactId | ContactGetAndEnrichByEmail | ContactGetAndEnrichByLinkedinUrl,
    idempotency_key: str | Unset = UNSET,
) -> Response[ContactGetAndEnrichResult | Error]:
    """A workspace contact with its gaps filled by enrichment

     Stored values always win; the provider only fills gaps and nothing is written back. The provider is
    called only when the matched contact lacks an email, a job title or a company domain, or when
    nothing matches and an email or LinkedIn URL was given. GET /v1/contacts/{contact_id} is the free
    read-only alternative. One enrichment credit is spent per provider answer with data; no match and
    pending answers are free. The balance is checked before the provider is called: with no credits left
    the call answers 422 BusinessIssue with `data: {field: "enrichment_credits", balance: 0}` and the
    provider is not asked. Sandbox: the directory fixtures (e.g. ada@acme.test) answer at once; an email
    at async-enrich.test answers `completed: false, pending_provider: "sandbox-async"` first, and its
    data when repeated after ENRICH_ASYNC_DELAY_MS. Rate limit: besides the key's and the organization's
    budgets, these calls spend the organization's lower enrichment budget (RATE_LIMIT_ENRICHMENT_PER_ORG
    per window; 429 RateLimitIssue with `data.scope: "enrichment"`).

    Args:
        idempotency_key (str | Unset):
        body (ContactGetAndEnrichByContactId | ContactGetAndEnrichByEmail |
            ContactGetAndEnrichByLinkedinUrl): At least one of contact_id, email or linkedin_url.
            contact_id names a stored contact (404 when not in this workspace); otherwise the contact
            is matched on email, then LinkedIn URL.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ContactGetAndEnrichResult | Error]
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
    body: ContactGetAndEnrichByContactId | ContactGetAndEnrichByEmail | ContactGetAndEnrichByLinkedinUrl,
    idempotency_key: str | Unset = UNSET,
) -> ContactGetAndEnrichResult | Error | None:
    """A workspace contact with its gaps filled by enrichment

     Stored values always win; the provider only fills gaps and nothing is written back. The provider is
    called only when the matched contact lacks an email, a job title or a company domain, or when
    nothing matches and an email or LinkedIn URL was given. GET /v1/contacts/{contact_id} is the free
    read-only alternative. One enrichment credit is spent per provider answer with data; no match and
    pending answers are free. The balance is checked before the provider is called: with no credits left
    the call answers 422 BusinessIssue with `data: {field: "enrichment_credits", balance: 0}` and the
    provider is not asked. Sandbox: the directory fixtures (e.g. ada@acme.test) answer at once; an email
    at async-enrich.test answers `completed: false, pending_provider: "sandbox-async"` first, and its
    data when repeated after ENRICH_ASYNC_DELAY_MS. Rate limit: besides the key's and the organization's
    budgets, these calls spend the organization's lower enrichment budget (RATE_LIMIT_ENRICHMENT_PER_ORG
    per window; 429 RateLimitIssue with `data.scope: "enrichment"`).

    Args:
        idempotency_key (str | Unset):
        body (ContactGetAndEnrichByContactId | ContactGetAndEnrichByEmail |
            ContactGetAndEnrichByLinkedinUrl): At least one of contact_id, email or linkedin_url.
            contact_id names a stored contact (404 when not in this workspace); otherwise the contact
            is matched on email, then LinkedIn URL.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ContactGetAndEnrichResult | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
