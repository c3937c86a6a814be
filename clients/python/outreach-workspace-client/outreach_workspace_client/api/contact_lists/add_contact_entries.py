from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.contact_entry_batch_create import ContactEntryBatchCreate
from ...models.contact_entry_batch_result import ContactEntryBatchResult
from ...models.error import Error
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: ContactEntryBatchCreate,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/contact-entries",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ContactEntryBatchResult | Error | None:
    if response.status_code == 200:
        response_200 = ContactEntryBatchResult.from_dict(response.json())

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
) -> Response[ContactEntryBatchResult | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ContactEntryBatchCreate,
    idempotency_key: str | Unset = UNSET,
) -> Response[ContactEntryBatchResult | Error]:
    """Add contact entries (batch)

     Each entry is linked to a workspace contact during the request (contact_id set). A known contact
    (email, then LinkedIn URL) resolves at once (enrichment_status DONE, `contact_entry.resolved`
    emitted, enrollment started when the list has a default template). An unknown person becomes a
    contact from the fields sent (enrichment_status PENDING); one lead-import workflow per batch
    completes the profiles from the directory, then emits `contact_entry.resolved` and enrolls (DONE),
    or FAILED with enrichment_error. The same contact again in one list updates its entry (UPDATED; a
    FAILED entry sent again is imported again); a contact in another list gets a new entry there.

    Args:
        idempotency_key (str | Unset):
        body (ContactEntryBatchCreate): 1 to 100 entries (more: 422 ValidationIssue). Each item is
            checked on its own (a bad item is a FAILED result, the others are written). Item fields:
            contact_list_id, email, linkedin_url, external_contact_id, first_name, last_name,
            company_name, company_domain, job_title, phone; required: contact_list_id.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ContactEntryBatchResult | Error]
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
    body: ContactEntryBatchCreate,
    idempotency_key: str | Unset = UNSET,
) -> ContactEntryBatchResult | Error | None:
    """Add contact entries (batch)

     Each entry is linked to a workspace contact during the request (contact_id set). A known contact
    (email, then LinkedIn URL) resolves at once (enrichment_status DONE, `contact_entry.resolved`
    emitted, enrollment started when the list has a default template). An unknown person becomes a
    contact from the fields sent (enrichment_status PENDING); one lead-import workflow per batch
    completes the profiles from the directory, then emits `contact_entry.resolved` and enrolls (DONE),
    or FAILED with enrichment_error. The same contact again in one list updates its entry (UPDATED; a
    FAILED entry sent again is imported again); a contact in another list gets a new entry there.

    Args:
        idempotency_key (str | Unset):
        body (ContactEntryBatchCreate): 1 to 100 entries (more: 422 ValidationIssue). Each item is
            checked on its own (a bad item is a FAILED result, the others are written). Item fields:
            contact_list_id, email, linkedin_url, external_contact_id, first_name, last_name,
            company_name, company_domain, job_title, phone; required: contact_list_id.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ContactEntryBatchResult | Error
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ContactEntryBatchCreate,
    idempotency_key: str | Unset = UNSET,
) -> Response[ContactEntryBatchResult | Error]:
    """Add contact entries (batch)

     Each entry is linked to a workspace contact during the request (contact_id set). A known contact
    (email, then LinkedIn URL) resolves at once (enrichment_status DONE, `contact_entry.resolved`
    emitted, enrollment started when the list has a default template). An unknown person becomes a
    contact from the fields sent (enrichment_status PENDING); one lead-import workflow per batch
    completes the profiles from the directory, then emits `contact_entry.resolved` and enrolls (DONE),
    or FAILED with enrichment_error. The same contact again in one list updates its entry (UPDATED; a
    FAILED entry sent again is imported again); a contact in another list gets a new entry there.

    Args:
        idempotency_key (str | Unset):
        body (ContactEntryBatchCreate): 1 to 100 entries (more: 422 ValidationIssue). Each item is
            checked on its own (a bad item is a FAILED result, the others are written). Item fields:
            contact_list_id, email, linkedin_url, external_contact_id, first_name, last_name,
            company_name, company_domain, job_title, phone; required: contact_list_id.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ContactEntryBatchResult | Error]
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
    body: ContactEntryBatchCreate,
    idempotency_key: str | Unset = UNSET,
) -> ContactEntryBatchResult | Error | None:
    """Add contact entries (batch)

     Each entry is linked to a workspace contact during the request (contact_id set). A known contact
    (email, then LinkedIn URL) resolves at once (enrichment_status DONE, `contact_entry.resolved`
    emitted, enrollment started when the list has a default template). An unknown person becomes a
    contact from the fields sent (enrichment_status PENDING); one lead-import workflow per batch
    completes the profiles from the directory, then emits `contact_entry.resolved` and enrolls (DONE),
    or FAILED with enrichment_error. The same contact again in one list updates its entry (UPDATED; a
    FAILED entry sent again is imported again); a contact in another list gets a new entry there.

    Args:
        idempotency_key (str | Unset):
        body (ContactEntryBatchCreate): 1 to 100 entries (more: 422 ValidationIssue). Each item is
            checked on its own (a bad item is a FAILED result, the others are written). Item fields:
            contact_list_id, email, linkedin_url, external_contact_id, first_name, last_name,
            company_name, company_domain, job_title, phone; required: contact_list_id.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ContactEntryBatchResult | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
