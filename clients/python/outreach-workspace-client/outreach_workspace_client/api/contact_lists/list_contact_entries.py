import datetime
from http import HTTPStatus
from typing import Any
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.contact_entry_page import ContactEntryPage
from ...models.error import Error
from ...models.list_contact_entries_enrichment_status import (
    ListContactEntriesEnrichmentStatus,
)
from ...models.list_contact_entries_sort_by import ListContactEntriesSortBy
from ...models.list_contact_entries_sort_order import ListContactEntriesSortOrder
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListContactEntriesSortBy | Unset = UNSET,
    sort_order: ListContactEntriesSortOrder | Unset = "asc",
    contact_list_id: UUID,
    email: str | Unset = UNSET,
    company_domain: str | Unset = UNSET,
    external_contact_id: str | Unset = UNSET,
    enrichment_status: ListContactEntriesEnrichmentStatus | Unset = UNSET,
    created_at_after: datetime.datetime | Unset = UNSET,
    created_at_before: datetime.datetime | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["page"] = page

    params["size"] = size

    json_sort_by: str | Unset = UNSET
    if not isinstance(sort_by, Unset):
        json_sort_by = sort_by

    params["sort_by"] = json_sort_by

    json_sort_order: str | Unset = UNSET
    if not isinstance(sort_order, Unset):
        json_sort_order = sort_order

    params["sort_order"] = json_sort_order

    json_contact_list_id = str(contact_list_id)
    params["contact_list_id"] = json_contact_list_id

    params["email"] = email

    params["company_domain"] = company_domain

    params["external_contact_id"] = external_contact_id

    json_enrichment_status: str | Unset = UNSET
    if not isinstance(enrichment_status, Unset):
        json_enrichment_status = enrichment_status

    params["enrichment_status"] = json_enrichment_status

    json_created_at_after: str | Unset = UNSET
    if not isinstance(created_at_after, Unset):
        json_created_at_after = created_at_after.isoformat()
    params["created_at_after"] = json_created_at_after

    json_created_at_before: str | Unset = UNSET
    if not isinstance(created_at_before, Unset):
        json_created_at_before = created_at_before.isoformat()
    params["created_at_before"] = json_created_at_before

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/contact-entries",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ContactEntryPage | Error | None:
    if response.status_code == 200:
        response_200 = ContactEntryPage.from_dict(response.json())

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
) -> Response[ContactEntryPage | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListContactEntriesSortBy | Unset = UNSET,
    sort_order: ListContactEntriesSortOrder | Unset = "asc",
    contact_list_id: UUID,
    email: str | Unset = UNSET,
    company_domain: str | Unset = UNSET,
    external_contact_id: str | Unset = UNSET,
    enrichment_status: ListContactEntriesEnrichmentStatus | Unset = UNSET,
    created_at_after: datetime.datetime | Unset = UNSET,
    created_at_before: datetime.datetime | Unset = UNSET,
) -> Response[ContactEntryPage | Error]:
    """List the entries of a contact list

     Default order: created_at ascending. 404 when the list is not of this organization.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListContactEntriesSortBy | Unset): Field to order by; omitted, the endpoint
            default.
        sort_order (ListContactEntriesSortOrder | Unset):  Default: 'asc'.
        contact_list_id (UUID):
        email (str | Unset): The entry's or its contact's email (case-insensitive).
        company_domain (str | Unset): The entry's domain or its contact's account domain; an alias
            resolves.
        external_contact_id (str | Unset):
        enrichment_status (ListContactEntriesEnrichmentStatus | Unset):
        created_at_after (datetime.datetime | Unset): Strictly after.
        created_at_before (datetime.datetime | Unset): Strictly before.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ContactEntryPage | Error]
    """

    kwargs = _get_kwargs(
        page=page,
        size=size,
        sort_by=sort_by,
        sort_order=sort_order,
        contact_list_id=contact_list_id,
        email=email,
        company_domain=company_domain,
        external_contact_id=external_contact_id,
        enrichment_status=enrichment_status,
        created_at_after=created_at_after,
        created_at_before=created_at_before,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListContactEntriesSortBy | Unset = UNSET,
    sort_order: ListContactEntriesSortOrder | Unset = "asc",
    contact_list_id: UUID,
    email: str | Unset = UNSET,
    company_domain: str | Unset = UNSET,
    external_contact_id: str | Unset = UNSET,
    enrichment_status: ListContactEntriesEnrichmentStatus | Unset = UNSET,
    created_at_after: datetime.datetime | Unset = UNSET,
    created_at_before: datetime.datetime | Unset = UNSET,
) -> ContactEntryPage | Error | None:
    """List the entries of a contact list

     Default order: created_at ascending. 404 when the list is not of this organization.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListContactEntriesSortBy | Unset): Field to order by; omitted, the endpoint
            default.
        sort_order (ListContactEntriesSortOrder | Unset):  Default: 'asc'.
        contact_list_id (UUID):
        email (str | Unset): The entry's or its contact's email (case-insensitive).
        company_domain (str | Unset): The entry's domain or its contact's account domain; an alias
            resolves.
        external_contact_id (str | Unset):
        enrichment_status (ListContactEntriesEnrichmentStatus | Unset):
        created_at_after (datetime.datetime | Unset): Strictly after.
        created_at_before (datetime.datetime | Unset): Strictly before.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ContactEntryPage | Error
    """

    return sync_detailed(
        client=client,
        page=page,
        size=size,
        sort_by=sort_by,
        sort_order=sort_order,
        contact_list_id=contact_list_id,
        email=email,
        company_domain=company_domain,
        external_contact_id=external_contact_id,
        enrichment_status=enrichment_status,
        created_at_after=created_at_after,
        created_at_before=created_at_before,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListContactEntriesSortBy | Unset = UNSET,
    sort_order: ListContactEntriesSortOrder | Unset = "asc",
    contact_list_id: UUID,
    email: str | Unset = UNSET,
    company_domain: str | Unset = UNSET,
    external_contact_id: str | Unset = UNSET,
    enrichment_status: ListContactEntriesEnrichmentStatus | Unset = UNSET,
    created_at_after: datetime.datetime | Unset = UNSET,
    created_at_before: datetime.datetime | Unset = UNSET,
) -> Response[ContactEntryPage | Error]:
    """List the entries of a contact list

     Default order: created_at ascending. 404 when the list is not of this organization.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListContactEntriesSortBy | Unset): Field to order by; omitted, the endpoint
            default.
        sort_order (ListContactEntriesSortOrder | Unset):  Default: 'asc'.
        contact_list_id (UUID):
        email (str | Unset): The entry's or its contact's email (case-insensitive).
        company_domain (str | Unset): The entry's domain or its contact's account domain; an alias
            resolves.
        external_contact_id (str | Unset):
        enrichment_status (ListContactEntriesEnrichmentStatus | Unset):
        created_at_after (datetime.datetime | Unset): Strictly after.
        created_at_before (datetime.datetime | Unset): Strictly before.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ContactEntryPage | Error]
    """

    kwargs = _get_kwargs(
        page=page,
        size=size,
        sort_by=sort_by,
        sort_order=sort_order,
        contact_list_id=contact_list_id,
        email=email,
        company_domain=company_domain,
        external_contact_id=external_contact_id,
        enrichment_status=enrichment_status,
        created_at_after=created_at_after,
        created_at_before=created_at_before,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListContactEntriesSortBy | Unset = UNSET,
    sort_order: ListContactEntriesSortOrder | Unset = "asc",
    contact_list_id: UUID,
    email: str | Unset = UNSET,
    company_domain: str | Unset = UNSET,
    external_contact_id: str | Unset = UNSET,
    enrichment_status: ListContactEntriesEnrichmentStatus | Unset = UNSET,
    created_at_after: datetime.datetime | Unset = UNSET,
    created_at_before: datetime.datetime | Unset = UNSET,
) -> ContactEntryPage | Error | None:
    """List the entries of a contact list

     Default order: created_at ascending. 404 when the list is not of this organization.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListContactEntriesSortBy | Unset): Field to order by; omitted, the endpoint
            default.
        sort_order (ListContactEntriesSortOrder | Unset):  Default: 'asc'.
        contact_list_id (UUID):
        email (str | Unset): The entry's or its contact's email (case-insensitive).
        company_domain (str | Unset): The entry's domain or its contact's account domain; an alias
            resolves.
        external_contact_id (str | Unset):
        enrichment_status (ListContactEntriesEnrichmentStatus | Unset):
        created_at_after (datetime.datetime | Unset): Strictly after.
        created_at_before (datetime.datetime | Unset): Strictly before.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ContactEntryPage | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            page=page,
            size=size,
            sort_by=sort_by,
            sort_order=sort_order,
            contact_list_id=contact_list_id,
            email=email,
            company_domain=company_domain,
            external_contact_id=external_contact_id,
            enrichment_status=enrichment_status,
            created_at_after=created_at_after,
            created_at_before=created_at_before,
        )
    ).parsed
