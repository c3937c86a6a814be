import datetime
from http import HTTPStatus
from typing import Any
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.contact_page import ContactPage
from ...models.error import Error
from ...models.list_contacts_sort_by import ListContactsSortBy
from ...models.list_contacts_sort_order import ListContactsSortOrder
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListContactsSortBy | Unset = UNSET,
    sort_order: ListContactsSortOrder | Unset = "asc",
    email: str | Unset = UNSET,
    linkedin_url: str | Unset = UNSET,
    contact_id: UUID | Unset = UNSET,
    company_domain: str | Unset = UNSET,
    first_seen_after: datetime.datetime | Unset = UNSET,
    last_seen_after: datetime.datetime | Unset = UNSET,
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

    params["email"] = email

    params["linkedin_url"] = linkedin_url

    json_contact_id: str | Unset = UNSET
    if not isinstance(contact_id, Unset):
        json_contact_id = str(contact_id)
    params["contact_id"] = json_contact_id

    params["company_domain"] = company_domain

    json_first_seen_after: str | Unset = UNSET
    if not isinstance(first_seen_after, Unset):
        json_first_seen_after = first_seen_after.isoformat()
    params["first_seen_after"] = json_first_seen_after

    json_last_seen_after: str | Unset = UNSET
    if not isinstance(last_seen_after, Unset):
        json_last_seen_after = last_seen_after.isoformat()
    params["last_seen_after"] = json_last_seen_after

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/contacts",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ContactPage | Error | None:
    if response.status_code == 200:
        response_200 = ContactPage.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ContactPage | Error]:
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
    sort_by: ListContactsSortBy | Unset = UNSET,
    sort_order: ListContactsSortOrder | Unset = "asc",
    email: str | Unset = UNSET,
    linkedin_url: str | Unset = UNSET,
    contact_id: UUID | Unset = UNSET,
    company_domain: str | Unset = UNSET,
    first_seen_after: datetime.datetime | Unset = UNSET,
    last_seen_after: datetime.datetime | Unset = UNSET,
) -> Response[ContactPage | Error]:
    """List contacts

     Default order: created_at ascending.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListContactsSortBy | Unset): Field to order by; omitted, the endpoint default.
        sort_order (ListContactsSortOrder | Unset):  Default: 'asc'.
        email (str | Unset): Case-insensitive exact match.
        linkedin_url (str | Unset): Matched in canonical form (scheme, www., trailing slash, case
            and query string do not matter).
        contact_id (UUID | Unset):
        company_domain (str | Unset): Domain of the linked account (aliases resolve).
        first_seen_after (datetime.datetime | Unset): Strictly after.
        last_seen_after (datetime.datetime | Unset): Strictly after.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ContactPage | Error]
    """

    kwargs = _get_kwargs(
        page=page,
        size=size,
        sort_by=sort_by,
        sort_order=sort_order,
        email=email,
        linkedin_url=linkedin_url,
        contact_id=contact_id,
        company_domain=company_domain,
        first_seen_after=first_seen_after,
        last_seen_after=last_seen_after,
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
    sort_by: ListContactsSortBy | Unset = UNSET,
    sort_order: ListContactsSortOrder | Unset = "asc",
    email: str | Unset = UNSET,
    linkedin_url: str | Unset = UNSET,
    contact_id: UUID | Unset = UNSET,
    company_domain: str | Unset = UNSET,
    first_seen_after: datetime.datetime | Unset = UNSET,
    last_seen_after: datetime.datetime | Unset = UNSET,
) -> ContactPage | Error | None:
    """List contacts

     Default order: created_at ascending.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListContactsSortBy | Unset): Field to order by; omitted, the endpoint default.
        sort_order (ListContactsSortOrder | Unset):  Default: 'asc'.
        email (str | Unset): Case-insensitive exact match.
        linkedin_url (str | Unset): Matched in canonical form (scheme, www., trailing slash, case
            and query string do not matter).
        contact_id (UUID | Unset):
        company_domain (str | Unset): Domain of the linked account (aliases resolve).
        first_seen_after (datetime.datetime | Unset): Strictly after.
        last_seen_after (datetime.datetime | Unset): Strictly after.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ContactPage | Error
    """

    return sync_detailed(
        client=client,
        page=page,
        size=size,
        sort_by=sort_by,
        sort_order=sort_order,
        email=email,
        linkedin_url=linkedin_url,
        contact_id=contact_id,
        company_domain=company_domain,
        first_seen_after=first_seen_after,
        last_seen_after=last_seen_after,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListContactsSortBy | Unset = UNSET,
    sort_order: ListContactsSortOrder | Unset = "asc",
    email: str | Unset = UNSET,
    linkedin_url: str | Unset = UNSET,
    contact_id: UUID | Unset = UNSET,
    company_domain: str | Unset = UNSET,
    first_seen_after: datetime.datetime | Unset = UNSET,
    last_seen_after: datetime.datetime | Unset = UNSET,
) -> Response[ContactPage | Error]:
    """List contacts

     Default order: created_at ascending.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListContactsSortBy | Unset): Field to order by; omitted, the endpoint default.
        sort_order (ListContactsSortOrder | Unset):  Default: 'asc'.
        email (str | Unset): Case-insensitive exact match.
        linkedin_url (str | Unset): Matched in canonical form (scheme, www., trailing slash, case
            and query string do not matter).
        contact_id (UUID | Unset):
        company_domain (str | Unset): Domain of the linked account (aliases resolve).
        first_seen_after (datetime.datetime | Unset): Strictly after.
        last_seen_after (datetime.datetime | Unset): Strictly after.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ContactPage | Error]
    """

    kwargs = _get_kwargs(
        page=page,
        size=size,
        sort_by=sort_by,
        sort_order=sort_order,
        email=email,
        linkedin_url=linkedin_url,
        contact_id=contact_id,
        company_domain=company_domain,
        first_seen_after=first_seen_after,
        last_seen_after=last_seen_after,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListContactsSortBy | Unset = UNSET,
    sort_order: ListContactsSortOrder | Unset = "asc",
    email: str | Unset = UNSET,
    linkedin_url: str | Unset = UNSET,
    contact_id: UUID | Unset = UNSET,
    company_domain: str | Unset = UNSET,
    first_seen_after: datetime.datetime | Unset = UNSET,
    last_seen_after: datetime.datetime | Unset = UNSET,
) -> ContactPage | Error | None:
    """List contacts

     Default order: created_at ascending.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListContactsSortBy | Unset): Field to order by; omitted, the endpoint default.
        sort_order (ListContactsSortOrder | Unset):  Default: 'asc'.
        email (str | Unset): Case-insensitive exact match.
        linkedin_url (str | Unset): Matched in canonical form (scheme, www., trailing slash, case
            and query string do not matter).
        contact_id (UUID | Unset):
        company_domain (str | Unset): Domain of the linked account (aliases resolve).
        first_seen_after (datetime.datetime | Unset): Strictly after.
        last_seen_after (datetime.datetime | Unset): Strictly after.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ContactPage | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            page=page,
            size=size,
            sort_by=sort_by,
            sort_order=sort_order,
            email=email,
            linkedin_url=linkedin_url,
            contact_id=contact_id,
            company_domain=company_domain,
            first_seen_after=first_seen_after,
            last_seen_after=last_seen_after,
        )
    ).parsed
